import { formatDuration, formatPrice } from '../../../lib/format';
import type { BookableService } from '../types';
import { factsOf } from '../../../components/ui/Fact';

const Fact = factsOf('booking');

/** The chosen service's description, price and duration, above the calendar. */
export function ServiceSummary({ service }: { service: BookableService }) {
  return (
    <section className="card booking__summary" aria-label="Service details">
      <p className="booking__description">{service.description}</p>
      <dl className="booking__facts">
        <Fact term="Price">{formatPrice(service.price)}</Fact>
        <Fact term="Duration">{formatDuration(service.duration)}</Fact>
      </dl>
    </section>
  );
}
