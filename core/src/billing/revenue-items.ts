import type { TransactItem } from '../db/entity';
import { Revenue } from '../revenue/index';
import type { Payment, Refund, Stored } from '../booking/store';

/**
 * What the money moves on a booking add to their transactions for the
 * revenue counters and ledger (decision 071): the completion charge, a
 * retry, the sweep (`onCharge`), a refund (`onRefund`), the late-cancel fee
 * (`onFee`). Revenue's ledger entries are written only if absent, so a
 * transaction that would count the same money twice fails its condition.
 */
const customerName = (b: Stored) => `${b.clientFirstName} ${b.clientLastName}`.trim();

/** A charge's outcome: a payment received (settling the booking if it was outstanding), or a decline. */
export async function onCharge(booking: Stored, payment: Payment): Promise<TransactItem[]> {
  if (payment.status === 'pending') return [];
  if (payment.status === 'failed') {
    return Revenue.declinedItems({
      ref: booking.id,
      amountCents: payment.amountCents,
      at: payment.at,
      serviceName: booking.serviceName,
      ...(payment.failureReason ? { reason: payment.failureReason.slice(0, 500) } : {}),
    });
  }
  return Revenue.paymentItems({
    paymentId: payment.providerPaymentId || `free-${booking.id}`,
    bookingId: booking.id,
    ...(payment.workOrderId ? { workOrderId: payment.workOrderId } : {}),
    amountCents: payment.amountCents,
    ...(payment.tipCents ? { tipCents: payment.tipCents } : {}),
    at: payment.at,
    ...(booking.isCustomService || !booking.serviceId ? {} : { serviceId: booking.serviceId }),
    serviceName: booking.serviceName,
    ...(booking.claim ? { technician: booking.claim.technician } : {}),
    customerName: customerName(booking),
  });
}

/** A refund given back from the booking's payment. */
export function onRefund(booking: Stored, refund: Refund): TransactItem[] {
  return Revenue.refundItems({
    refundId: refund.providerRefundId,
    ...(booking.payment?.providerPaymentId ? { paymentId: booking.payment.providerPaymentId } : {}),
    bookingId: booking.id,
    amountCents: refund.amountCents,
    ...(refund.tipCents ? { tipCents: refund.tipCents } : {}),
    at: refund.at,
    serviceName: booking.serviceName,
    ...(booking.claim ? { technician: booking.claim.technician } : {}),
    customerName: customerName(booking),
    reason: refund.reason.slice(0, 500),
  });
}

/** The late-cancel fee received: a payment, not a job. */
export function onFee(booking: Stored, fee: { providerPaymentId?: string; amountCents: number; at: string }) {
  return Revenue.paymentItems({
    paymentId: fee.providerPaymentId || `late-fee-${booking.id}`,
    amountCents: fee.amountCents,
    at: fee.at,
    serviceName: `Late-cancellation fee: ${booking.serviceName}`.slice(0, 200),
    customerName: customerName(booking),
    job: false,
  });
}
