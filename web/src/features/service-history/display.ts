import {
  bookingMessages,
  customerCanCancel,
  customerCanReschedule,
  customerCanEdit,
  customerCanReview,
  showsProgress,
} from '@app/core/booking/rules';
import { formatPrice } from '../../lib/format';
import type { BookingInfo } from './types';

/** The service's name as booked: the custom name for a custom booking (doc 2 §2). */
export function serviceNameOf(booking: BookingInfo): string {
  return (booking.isCustomService && booking.customServiceName) || booking.serviceName;
}

/** The price as booked, in dollars: the custom price for a custom booking; null when none was set. */
export function servicePriceOf(booking: BookingInfo): number | null {
  if (booking.isCustomService) return booking.customServicePrice ?? null;
  return booking.servicePrice;
}

/** '2019 Honda Civic'. */
export const vehicleOf = (booking: BookingInfo): string =>
  [booking.vehicleYear, booking.vehicleMake, booking.vehicleModel].filter(Boolean).join(' ');

/** The progress note, shown only while Pending or Confirmed (doc 2 §2), and only when there is one. */
export const progressOf = (booking: BookingInfo): string | null =>
  showsProgress(booking.status) && booking.serviceStatus.trim() ? booking.serviceStatus : null;

/**
 * The review control of a card: a link to /leave-review, or a disabled button
 * saying why not ('Review Submitted', 'Service No Longer Available'); none
 * unless the booking is Completed.
 */
export type ReviewState =
  | { kind: 'none' }
  | { kind: 'open' }
  | { kind: 'disabled'; label: 'Review Submitted' | typeof bookingMessages.serviceRemoved };

export function reviewStateOf(booking: BookingInfo): ReviewState {
  if (!customerCanReview(booking.status)) return { kind: 'none' };
  if (booking.reviewed) return { kind: 'disabled', label: 'Review Submitted' };
  if (!booking.service) return { kind: 'disabled', label: bookingMessages.serviceRemoved };
  return { kind: 'open' };
}

/** What the customer may do with a booking (core's rules, doc 2 §4). */
export const actionsOf = (booking: BookingInfo) => ({
  edit: customerCanEdit(booking.status),
  cancel: customerCanCancel(booking.status),
  // Issue 21: a booking of a bookable service moves on its own page; one the shop arranged, by phone.
  reschedule: customerCanReschedule(booking.status) && !booking.isCustomService,
  review: reviewStateOf(booking),
});

/**
 * What the customer paid and got back (issue 30): the amount charged (not the list price: a work
 * order's total, a trip fee), each refund, and a late-cancel fee; empty while nothing was paid.
 */
export function moneyLinesOf(booking: BookingInfo): string[] {
  const lines: string[] = [];
  const payment = booking.payment;
  if (payment?.status === 'paid') {
    lines.push(`Paid ${formatPrice(payment.amount)}`);
    for (const refund of payment.refunds) lines.push(`Refunded ${formatPrice(refund.amount)}`);
  }
  if (booking.cancellationFee?.status === 'paid') {
    lines.push(`Late-cancel fee paid ${formatPrice(booking.cancellationFee.amount)}`);
  }
  return lines;
}
