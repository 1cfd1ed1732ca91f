import { formatInstant } from '@app/core/time';
import { formatPrice } from '../../lib/format';
import { fullName } from './customers';
import type { AdminBooking, StatusChange } from './types';
import type { WorkOrderPrefill } from '../../lib/work-order-prefill';

/** The service as booked: the custom name for a custom booking (doc 2 §2). */
export const serviceOf = (booking: AdminBooking): string =>
  (booking.isCustomService && booking.customServiceName) || booking.serviceName;

/** The price as booked, in dollars: the custom price for a custom booking; null when none was set. */
export const priceOf = (booking: AdminBooking): number | null =>
  booking.isCustomService ? booking.customServicePrice : booking.servicePrice;

/**
 * Who the booking is for: the account's name and email once it has one; the
 * names typed on the booking otherwise (a custom booking not yet assigned).
 */
export function customerOf(booking: AdminBooking): { name: string; email: string | null } {
  if (booking.user) return { name: fullName(booking.user), email: booking.user.email };
  return {
    name: fullName({ firstName: booking.clientFirstName, lastName: booking.clientLastName }),
    email: null,
  };
}

/** '2019 Honda Civic (Blue)': the color in parentheses when there is one. */
export function vehicleOf(
  booking: Pick<AdminBooking, 'vehicleYear' | 'vehicleMake' | 'vehicleModel' | 'vehicleColor'>,
) {
  const vehicle = [booking.vehicleYear, booking.vehicleMake, booking.vehicleModel].filter(Boolean).join(' ');
  return booking.vehicleColor.trim() ? `${vehicle} (${booking.vehicleColor.trim()})` : vehicle;
}

/** A custom booking still waiting for a customer, or for their confirmation: it can be (re)assigned. */
export const canAssign = (booking: AdminBooking): boolean =>
  booking.status === 'Pending Verification' || booking.status === 'Pending Customer Verification';

/** One audit entry as a sentence: 'Pending → Confirmed by Shop Admin (admin)'. */
export function changeText(change: StatusChange): string {
  const what = change.from === null ? `Created as ${change.to}` : `${change.from} → ${change.to}`;
  return `${what} by ${change.by.name} (${change.by.role})`;
}

/** When an audit entry happened, on the shop's clock: 'Monday, March 9, 2026 at 9:30 AM'. */
export const changeTime = (change: StatusChange): string => formatInstant(change.at);

/** 'Create Work Order' from a booking card: the customer, the vehicle, the service, the booking's id and its address. */
export function workOrderPrefillOf(booking: AdminBooking): WorkOrderPrefill {
  const customer = customerOf(booking);
  const where = booking.serviceAddress;
  return {
    customerName: customer.name,
    customerEmail: customer.email ?? '',
    customerPhone: booking.phone ?? '',
    vehicleYear: booking.vehicleYear || null,
    vehicleMake: booking.vehicleMake,
    vehicleModel: booking.vehicleModel,
    vehicleColor: booking.vehicleColor,
    serviceDescription: serviceOf(booking),
    relatedBooking: booking._id,
    // The work order's address has no unit line: the unit goes with the street (issue 20).
    address: where
      ? {
          street: [where.street, where.unit]
            .map((part) => part?.trim())
            .filter(Boolean)
            .join(', '),
          city: where.city,
          state: where.state,
          zipCode: where.zipCode,
        }
      : null,
  };
}

/** The refund's confirmation (issue 30): the amount, and whose card it goes back to. */
export const refundQuestion = (booking: AdminBooking, amount: number): string =>
  `This refunds ${formatPrice(amount)} to ${customerOf(booking).name}'s card. It cannot be undone.`;

type Payment = NonNullable<AdminBooking['payment']>;

/** A paid charge's sum on the desk: the amount, and the customer's tip apart from it (issue 35). */
export const paymentSum = (payment: Pick<Payment, 'amount' | 'tip'>): string =>
  payment.tip > 0
    ? `${formatPrice(payment.amount)} + tip ${formatPrice(payment.tip)}`
    : formatPrice(payment.amount);

/**
 * A refund's money on the desk's list: the amount given back, and the tip given back as a line of
 * its own, labelled as the customer's refund mail labels it (issue 35, decision 130); a tip alone
 * is just that, never "Refunded $0.00".
 */
export const refundMoney = (refund: Pick<Payment['refunds'][number], 'amount' | 'tip'>): string =>
  [
    refund.amount > 0 || refund.tip <= 0 ? `Refunded ${formatPrice(refund.amount)}` : '',
    refund.tip > 0 ? `Tip refunded ${formatPrice(refund.tip)}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
