import { factsOf } from '../../../components/ui/Fact';
import { formatLongDate, formatTime } from '@app/core/time';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { AddressView } from '../../../components/address/AddressView';
import { ActionButton } from '../../../components/ui/ActionButton';
import { formatDuration, formatPrice } from '../../../lib/format';
import { actionsOf, moneyLinesOf, progressOf, serviceNameOf, servicePriceOf, vehicleOf } from '../display';
import type { BookingInfo } from '../types';
import { StatusBadge } from './StatusBadge';

const Fact = factsOf('booking-card');

type BookingCardProps = {
  booking: BookingInfo;
  onEdit: () => void;
  onCancel: () => void;
};

/**
 * One booking of the Service History (doc 2 §2): status, service and price as
 * booked (once paid, what was paid and refunded: issue 30), date, time, duration, vehicle, notes and, while Pending or
 * Confirmed, the shop's progress note; then what the customer may do with it.
 */
export function BookingCard({ booking, onEdit, onCancel }: BookingCardProps) {
  const titleId = useId();
  const name = serviceNameOf(booking);
  const price = servicePriceOf(booking);
  const progress = progressOf(booking);
  const money = moneyLinesOf(booking);
  const actions = actionsOf(booking);
  const hasActions = actions.edit || actions.reschedule || actions.cancel || actions.review.kind !== 'none';

  return (
    <article className="card booking-card" aria-labelledby={titleId} data-booking-id={booking._id}>
      <header className="booking-card__header">
        <h3 id={titleId} className="booking-card__title" tabIndex={-1}>
          {name}
        </h3>
        <StatusBadge status={booking.status} />
      </header>
      {money.length > 0 ? (
        // What was charged and given back (issue 30), not the list price.
        <ul className="booking-card__price booking-card__paid" aria-label="Payments">
          {money.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      ) : (
        <p className="booking-card__price">
          {price === null ? 'Price to be confirmed' : formatPrice(price)}
          {booking.tripFee > 0 && (
            <span className="booking-card__trip-fee"> + {formatPrice(booking.tripFee)} trip fee</span>
          )}
        </p>
      )}
      <dl className="booking-card__facts">
        <Fact term="Date">
          <time dateTime={booking.date}>{formatLongDate(booking.date)}</time>
        </Fact>
        <Fact term="Time">{formatTime(booking.time)}</Fact>
        <Fact term="Duration">{formatDuration(booking.duration)}</Fact>
        <Fact term="Vehicle">{vehicleOf(booking)}</Fact>
        <Fact term="Color">{booking.vehicleColor}</Fact>
        {booking.serviceAddress && (
          <Fact term="Where" wide>
            <AddressView address={booking.serviceAddress} />
          </Fact>
        )}
        <Fact term="Notes" wide text={booking.notes} />
      </dl>
      {progress && (
        <p className="booking-card__progress">
          <strong>Progress:</strong> {progress}
        </p>
      )}
      {hasActions && (
        <div className="booking-card__actions">
          {actions.edit && (
            <ActionButton onClick={onEdit} describedBy={titleId}>
              Edit Booking
            </ActionButton>
          )}
          {actions.reschedule && (
            <Link
              to="/reschedule/$bookingId"
              params={{ bookingId: booking._id }}
              className="button button--secondary"
              aria-describedby={titleId}
            >
              Reschedule
            </Link>
          )}
          {actions.cancel && (
            <ActionButton tone="danger" onClick={onCancel} describedBy={titleId}>
              Cancel Booking
            </ActionButton>
          )}
          {actions.review.kind === 'open' && (
            <Link
              to="/leave-review"
              state={{ booking }}
              className="button button--primary"
              aria-describedby={titleId}
            >
              Leave a Review
            </Link>
          )}
          {actions.review.kind === 'disabled' && (
            <button type="button" className="button button--secondary" disabled>
              {actions.review.label}
            </button>
          )}
        </div>
      )}
    </article>
  );
}
