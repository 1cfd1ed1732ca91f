import { Link } from '@tanstack/react-router';
import { BookingShell } from './BookingShell';

/** The booking page when its service cannot be shown (doc 1 §8: 'Service not found.', 'Could not load service details.'). */
export function ServiceUnavailable({ message }: { message: string }) {
  return (
    <BookingShell title="Book a Service">
      <p className="status-text status-text--error" role="alert">
        {message}
      </p>
      <p>
        <Link to="/" hash="services" activeOptions={{ exact: true }} className="button button--secondary">
          Browse all services
        </Link>
      </p>
    </BookingShell>
  );
}
