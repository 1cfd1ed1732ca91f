import { formatTime } from '@app/core/time';
import { Link } from '@tanstack/react-router';
import { AddressView } from '../../../components/address/AddressView';
import { FocusedHeading } from '../../../components/ui/FocusedHeading';
import { business } from '../../../lib/business';
import { formatDuration } from '../../../lib/format';
import type { RescheduleInfo } from '../reschedule-api';
import { longDate } from './BookingChoice';
import { factsOf } from '../../../components/ui/Fact';

const Fact = factsOf('booking');

/** The reschedule page's pieces (issue 21): the booking as it is, the call-us notice, the confirm step, the result. */

type Booking = RescheduleInfo['booking'];

/** The appointment being moved: service, date and time, duration, vehicle, where. */
export function CurrentAppointment({ booking }: { booking: Booking }) {
  return (
    <section className="card booking-choice" aria-labelledby="reschedule-current-title">
      <h2 id="reschedule-current-title">Your Appointment</h2>
      <dl className="booking__facts">
        <Fact term="Service">{booking.serviceName}</Fact>
        <Fact term="Date">{longDate(booking.date)}</Fact>
        <Fact term="Time">{formatTime(booking.time)}</Fact>
        <Fact term="Duration">{formatDuration(booking.duration)}</Fact>
        <Fact term="Vehicle">
          {booking.vehicleYear} {booking.vehicleMake} {booking.vehicleModel}, {booking.vehicleColor}
        </Fact>
        {booking.serviceAddress && (
          <Fact term="Where" wide>
            <AddressView address={booking.serviceAddress} />
          </Fact>
        )}
      </dl>
    </section>
  );
}

/** Past the notice hours (or a booking only the shop can move): the reason, and the number to call. */
export function CallUs({ msg }: { msg: string }) {
  return (
    <section className="notice booking-notice" aria-labelledby="reschedule-call-title">
      <h2 id="reschedule-call-title">Please Call Us</h2>
      <p>{msg}</p>
      <p className="booking-notice__actions">
        <a href={business.phoneHref} className="button button--primary">
          Call {business.phone}
        </a>
      </p>
    </section>
  );
}

/** The chosen new time, before it is taken: confirm, or choose again. */
export function ConfirmMove({
  date,
  time,
  busy,
  onConfirm,
  onBack,
}: {
  date: string;
  time: string;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  return (
    <section className="card booking__panel" aria-labelledby="reschedule-confirm-title">
      <FocusedHeading level={2} id="reschedule-confirm-title">
        Move Your Appointment
      </FocusedHeading>
      <p>
        New time: <strong>{longDate(date)}</strong> at <strong>{formatTime(time)}</strong>. Your old time is
        given back when you confirm.
      </p>
      <p className="booking-notice__actions">
        <button type="button" className="button button--primary" onClick={onConfirm} disabled={busy}>
          {busy ? 'Moving...' : 'Confirm New Time'}
        </button>
        <button type="button" className="button button--secondary" onClick={onBack} disabled={busy}>
          Choose Another Time
        </button>
      </p>
    </section>
  );
}

/** The move went through: the new time, and where to go next. */
export function Moved({ booking, msg, signedIn }: { booking: Booking; msg: string; signedIn: boolean }) {
  return (
    <section className="notice booking-notice" aria-labelledby="reschedule-done-title">
      <FocusedHeading level={2} id="reschedule-done-title">
        Appointment Moved
      </FocusedHeading>
      <p role="status">
        {msg} It is now on <strong>{longDate(booking.date)}</strong> at{' '}
        <strong>{formatTime(booking.time)}</strong>. We have emailed you the updated calendar file.
      </p>
      {signedIn && (
        <p className="booking-notice__actions">
          <Link to="/dashboard" className="button button--primary">
            Back to Service History
          </Link>
        </p>
      )}
    </section>
  );
}
