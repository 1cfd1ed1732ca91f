import { formatCents } from '@app/core/money';
import type { ReactNode } from 'react';
import { formatDuration } from '../../../lib/format';
import { type JobChoice, quoteOf } from '../choice';
import type { BookableService } from '../types';
import { factsOf } from '../../../components/ui/Fact';

const Fact = factsOf('booking');

/**
 * The service step: the description, the price and duration of the job as
 * chosen (issue 34: the class's, with the add-ons; "from" the lowest until a
 * class is chosen), and the choice itself (`children`), above the calendar.
 */
export function ServiceSummary({
  service,
  choice = { addOnIds: [] },
  children,
}: {
  service: BookableService;
  choice?: JobChoice;
  children?: ReactNode;
}) {
  const job = quoteOf(service, choice);
  const from = service.byClass && !choice.vehicleClass ? 'From ' : '';
  return (
    <section className="card booking__summary" aria-label="Service details">
      <p className="booking__description">{service.description}</p>
      <dl className="booking__facts">
        <Fact term="Price">
          {from}
          {formatCents(job.priceCents)}
        </Fact>
        <Fact term="Duration">{formatDuration(job.minutes || service.duration)}</Fact>
      </dl>
      {children}
    </section>
  );
}
