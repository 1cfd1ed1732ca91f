import { formatDuration, formatPrice } from '../../../lib/format';
import type { BookableService } from '../types';

/** The chosen service's description, price and duration, above the calendar. */
export function ServiceSummary({ service }: { service: BookableService }) {
  return (
    <section className="card booking__summary" aria-label="Service details">
      <p className="booking__description">{service.description}</p>
      <dl className="booking__facts">
        <div>
          <dt>Price</dt>
          <dd>{formatPrice(service.price)}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{formatDuration(service.duration)}</dd>
        </div>
      </dl>
    </section>
  );
}
