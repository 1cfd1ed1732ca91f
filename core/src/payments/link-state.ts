/**
 * What the desk shows of a payment and its link (decision 070), and when it
 * offers "Send payment link". Pure and browser-safe: the bookings desk and the
 * work orders view share it, on the API's reply shapes. The server enforces
 * the same rules (core/src/payment-link/send.ts) and says why it refuses.
 */

type PaymentLike = {
  status: 'pending' | 'paid' | 'failed';
  link: { sentAt: string; paidAt: string | null } | null;
} | null;

export type PaymentLabel = 'Paid' | 'Link sent' | 'Declined' | 'Payment pending';

export function paymentLabel(payment: PaymentLike): PaymentLabel | null {
  if (!payment) return null;
  if (payment.status === 'paid') return 'Paid';
  if (payment.link) return 'Link sent';
  return payment.status === 'failed' ? 'Declined' : 'Payment pending';
}

/**
 * A booking may get a link while it is not cancelled and not paid, and has a
 * customer to mail: when its charge was declined, when a link went out
 * before (send again), or when the shop booked it by phone (the customer may
 * have no card on file; the server checks).
 */
export function bookingMayGetLink(booking: {
  status: string;
  createdByAdmin: boolean;
  user: { email: string } | null;
  payment: PaymentLike;
}): boolean {
  const { payment } = booking;
  if (booking.status === 'Cancelled' || payment?.status === 'paid' || !booking.user?.email) return false;
  return payment?.status === 'failed' || !!payment?.link || booking.createdByAdmin;
}

/**
 * A work order's payment as the list shows it (issue 30): its own, or Paid when its booking's
 * charge paid it (`paidWithBooking`, which the list's reply carries).
 */
export function workOrderPaymentLabel(wo: {
  payment: PaymentLike;
  paidWithBooking?: { at: string } | null;
}): PaymentLabel | null {
  return wo.paidWithBooking ? 'Paid' : paymentLabel(wo.payment);
}

/**
 * A work order may get a link while it is not cancelled, not paid (nor paid with its booking), has
 * an email and something to pay.
 */
export function workOrderMayGetLink(wo: {
  status: string;
  customer: { email: string };
  pricing: { totalAmount: number };
  payment: PaymentLike;
  paidWithBooking?: { at: string } | null;
}): boolean {
  return (
    wo.status !== 'cancelled' &&
    wo.payment?.status !== 'paid' &&
    !wo.paidWithBooking &&
    wo.customer.email.trim() !== '' &&
    wo.pricing.totalAmount > 0
  );
}
