import { formatLongDate, formatTime, weekdayOf } from '@app/core/time';
import { formatDuration, formatPrice } from '../../../lib/format';
import { AddressView } from '../../../components/address/AddressView';
import type { SavedAddress } from '../../../lib/addresses';
import '../booking.css';
import { VEHICLE_CLASS_LABELS } from '@app/core/garage/model';
import { formatCents } from '@app/core/money';
import { type JobChoice, quoteOf } from '../choice';
import type { BookableService } from '../types';
import { factsOf } from '../../../components/ui/Fact';

const Fact = factsOf('booking');

/** 'Monday, March 9, 2026': the chosen day in the long US form, as the business's calendar has it. */
export const longDate = (date: string): string => `${weekdayOf(date)}, ${formatLongDate(date)}`;

/** What is being booked: the service, the date and the time (business zone). */
export function BookingChoice({
  service,
  date,
  time,
  address,
  job = { addOnIds: [] },
}: {
  service: BookableService;
  /** The vehicle class and add-ons (issue 34): the price and duration are the job's. */
  job?: JobChoice;
  date: string;
  time: string;
  /** Where (issue 20), with its trip fee beside the price when there is one. */
  address?: SavedAddress;
}) {
  const tripFee = address?.serviceArea.tripFee ?? 0;
  const quoted = quoteOf(service, job);
  return (
    <section className="card booking-choice" aria-labelledby="booking-choice-title">
      <h2 id="booking-choice-title">Your Appointment</h2>
      <dl className="booking__facts">
        <Fact term="Service">{service.name}</Fact>
        <Fact term="Date">{longDate(date)}</Fact>
        <Fact term="Time">{formatTime(time)}</Fact>
        {quoted.vehicleClass && <Fact term="Vehicle class">{VEHICLE_CLASS_LABELS[quoted.vehicleClass]}</Fact>}
        {quoted.addOns.length > 0 && (
          <Fact term="Add-ons">
            {quoted.addOns.map((a) => `${a.name} (+${formatCents(a.priceCents)})`).join(', ')}
          </Fact>
        )}
        <Fact term="Price">
          {formatCents(quoted.priceCents)}
          {tripFee > 0 && <span className="booking__trip-fee"> + {formatPrice(tripFee)} trip fee</span>}
        </Fact>
        <Fact term="Duration">{formatDuration(quoted.minutes || service.duration)}</Fact>
        {address && (
          <div className="booking__fact--wide">
            <dt>Where</dt>
            <dd className="booking__where-address">
              <AddressView address={address} />
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
