import { factsOf } from '../../../components/ui/Fact';
import { BOOKING_STATUSES, type BookingStatus, showsProgress } from '@app/core/booking/rules';
import { formatLongDate, formatTime } from '@app/core/time';
import { type ReactNode, useId, useState } from 'react';
import { AddressView } from '../../../components/address/AddressView';
import { BookingPhotoStrip } from '../../../components/booking/BookingPhotoStrip';
import { FormMessage } from '../../../components/ui/FormMessage';
import { isApiStatus, messageOf } from '../../../lib/api';
import { formatMinutes, formatPrice, NO_PHONE, telHref } from '../../../lib/format';
import { useStatusMutation } from '../api';
import { canAssign, customerOf, priceOf, serviceOf, vehicleOf } from '../display';
import { deskMessages } from '../messages';
import { ChangeAddress } from './ChangeAddress';
import { CompletionCharge } from './CompletionCharge';
import { PaymentActions } from './PaymentActions';
import { PaymentLinkFacts } from './PaymentLinkFacts';
import { ProgressForm } from './ProgressForm';
import { StatusHistory } from './StatusHistory';
import { VehicleHistoryToggle } from '../../../components/vehicle/VehicleHistoryToggle';
import { TechnicianPicker } from './TechnicianPicker';
import { VisitProgress } from './VisitProgress';
import type { ChargeOptionsReply } from '@app/functions/api/bookings';
import type { AdminBooking } from '../types';
import { AttendanceBadge } from './AttendanceBadge';

const Fact = factsOf('desk-card');

type AdminBookingCardProps = {
  booking: AdminBooking;
  /** Called with the booking the server returned after a status change. */
  onStatusChanged: (booking: AdminBooking) => void;
  onAssign: (booking: AdminBooking) => void;
  /** 'Create Work Order' from this booking (when /admin offers work orders). */
  onCreateWorkOrder?: (booking: AdminBooking) => void;
  /** The vehicle's open recommended work (issue 33), handed in by /admin. */
  renderRecommended?: (vehicleId: string) => ReactNode;
};

/**
 * One booking of the desk (doc 2 §2): customer, service (or the custom name
 * and price), date, time, duration, vehicle, notes and status; the status
 * dropdown with all six statuses; while Pending or Confirmed, the progress
 * note; and the audit trail of its status changes.
 */
export function AdminBookingCard({
  booking,
  onStatusChanged,
  onAssign,
  onCreateWorkOrder,
  renderRecommended,
}: AdminBookingCardProps) {
  const titleId = useId();
  const statusId = useId();
  const customer = customerOf(booking);
  const price = priceOf(booking);

  const [choosing, setChoosing] = useState<ChargeOptionsReply | null>(null);
  const status = useStatusMutation(booking, (result) => {
    if ('amounts' in result) return setChoosing(result);
    setChoosing(null);
    onStatusChanged(result);
  });
  // A 409 (the time was taken while it was cancelled) explains itself; anything else is the spec's text.
  const statusError = status.isError
    ? isApiStatus(status.error, 409)
      ? messageOf(status.error, deskMessages.statusFailed)
      : deskMessages.statusFailed
    : null;

  return (
    <article className="card desk-card" aria-labelledby={titleId} data-booking-id={booking._id}>
      <header className="desk-card__header">
        <h4 id={titleId} className="desk-card__title" tabIndex={-1}>
          {customer.name}
          <span className="desk-card__service"> · {serviceOf(booking)}</span>
        </h4>
        <div className="desk-card__status">
          <label htmlFor={statusId}>Status</label>
          <select
            id={statusId}
            className="select"
            value={
              status.isPending || choosing ? (status.variables?.status ?? booking.status) : booking.status
            }
            disabled={status.isPending}
            onChange={(event) => status.mutate({ status: event.target.value as BookingStatus, ask: true })}
          >
            {BOOKING_STATUSES.map((item) => (
              <option key={item} value={item}>
                {item}
              </option>
            ))}
          </select>
        </div>
      </header>
      {statusError && <FormMessage tone="error">{statusError}</FormMessage>}
      {choosing && (
        <CompletionCharge
          bookingId={booking._id}
          options={choosing}
          pending={status.isPending}
          onCharge={(charge, overrideReason) =>
            status.mutate({ status: 'Completed', charge, overrideReason })
          }
          onCancel={() => setChoosing(null)}
        />
      )}
      <dl className="desk-card__facts">
        <Fact term="Customer">
          {customer.name}
          {customer.email ? (
            <>
              <br />
              <a href={`mailto:${customer.email}`}>{customer.email}</a>
            </>
          ) : (
            <>
              <br />
              <span className="desk-card__muted">No account assigned yet</span>
            </>
          )}
          <br />
          {booking.phone ? (
            <a href={telHref(booking.phone)}>{booking.phone}</a>
          ) : (
            <span className="desk-card__missing">{NO_PHONE}</span>
          )}
        </Fact>
        <Fact term="Service">
          {serviceOf(booking)}
          {booking.isCustomService && <span className="desk-card__muted"> (custom)</span>}
          <br />
          {price === null ? 'Price to be confirmed' : formatPrice(price)}
          {booking.tripFee > 0 && <> + {formatPrice(booking.tripFee)} trip fee</>}
        </Fact>
        <Fact term="Date">
          <time dateTime={booking.date}>{formatLongDate(booking.date)}</time>
        </Fact>
        <Fact term="Time">{formatTime(booking.time)}</Fact>
        <Fact term="Duration">{formatMinutes(booking.duration)}</Fact>
        <Fact term="Vehicle">{vehicleOf(booking)}</Fact>
        <Fact term="Status">
          {booking.status} <AttendanceBadge at={booking.attendanceConfirmedAt} />
        </Fact>
        <Fact term="Where" wide>
          {booking.serviceAddress ? (
            <AddressView address={booking.serviceAddress} directions />
          ) : (
            <span className="desk-card__muted">No address on this booking</span>
          )}
        </Fact>
        <Fact term="Notes" wide text={booking.notes} />
        {booking.photos.length > 0 && (
          <Fact term="Photos" wide>
            <BookingPhotoStrip bookingId={booking._id} photoIds={booking.photos.map((p) => p._id)} />
          </Fact>
        )}
      </dl>
      {booking.vehicleId && renderRecommended?.(booking.vehicleId)}
      <TechnicianPicker booking={booking} describedBy={titleId} />
      <PaymentLinkFacts booking={booking} describedBy={titleId} />
      <PaymentActions booking={booking} describedBy={titleId} />
      {booking.status === 'Pending' && <ChangeAddress booking={booking} />}
      <VisitProgress booking={booking} describedBy={titleId} />
      {showsProgress(booking.status) && <ProgressForm booking={booking} />}
      {(canAssign(booking) || onCreateWorkOrder) && (
        <p className="desk-card__actions">
          {canAssign(booking) && (
            <button
              type="button"
              className="button button--secondary"
              aria-describedby={titleId}
              onClick={() => onAssign(booking)}
            >
              {booking.status === 'Pending Customer Verification' ? 'Reassign or Resend' : 'Assign Customer'}
            </button>
          )}
          {onCreateWorkOrder && (
            <button
              type="button"
              className="button button--secondary"
              aria-describedby={titleId}
              onClick={() => onCreateWorkOrder(booking)}
            >
              Create Work Order
            </button>
          )}
        </p>
      )}
      <StatusHistory booking={booking} />
      <VehicleHistoryToggle bookingId={booking._id} />
    </article>
  );
}
