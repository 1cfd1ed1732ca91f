import { randomBytes } from 'node:crypto';

/**
 * The stand-in's Refunds API (decision 069): `POST /v2/refunds` as Square
 * documents it. A refund of a COMPLETED payment, at most what is left of it
 * (its amount less the refunds already made), in its currency; the reply is
 * `{ refund }` with status PENDING, as Square's own is until the card network
 * settles it. Refusals use Square's error shape and codes. Idempotency is the
 * stand-in's (stand-in.ts `idempotent`): the same key refunds once.
 */

type Money = { amount: number; currency: string };
export type StandInPayment = Record<string, unknown> & { id: string; status: string };
export type StandInRefund = {
  id: string;
  status: 'PENDING' | 'COMPLETED';
  amount_money: Money;
  payment_id: string;
  location_id?: string;
  reason?: string;
  created_at: string;
  updated_at: string;
};
type Reply = { status: number; body: unknown };

const refused = (status: number, code: string, detail: string, field?: string): Reply => ({
  status,
  body: { errors: [{ category: 'INVALID_REQUEST_ERROR', code, detail, ...(field ? { field } : {}) }] },
});

const refundId = () =>
  Array.from(
    randomBytes(40),
    (byte) => '0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyz'[byte % 54],
  ).join('');

/** Creates a refund in `refunds` (kept with the stand-in's state), or Square's refusal. */
export function createRefund(
  body: Record<string, unknown>,
  state: { payments: StandInPayment[]; refunds: StandInRefund[] },
): Reply {
  const paymentId = typeof body.payment_id === 'string' ? body.payment_id : '';
  if (!paymentId) return refused(400, 'MISSING_REQUIRED_PARAMETER', 'Field must be set', 'payment_id');
  const money = body.amount_money as Partial<Money> | undefined;
  const amount = money?.amount;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
    return refused(400, 'INVALID_VALUE', 'Amount must be a positive integer.', 'amount_money.amount');
  }
  const payment = state.payments.find((p) => p.id === paymentId);
  if (!payment) return refused(404, 'NOT_FOUND', `Payment ${paymentId} not found.`, 'payment_id');
  // What can be refunded is the payment's total: its amount and its tip (issue 35).
  const paid = (payment.total_money ?? payment.amount_money) as Money;
  if (money?.currency !== paid.currency) {
    return refused(
      400,
      'INVALID_VALUE',
      'The refund currency must be the payment currency.',
      'amount_money.currency',
    );
  }
  if (payment.status !== 'COMPLETED') {
    return refused(400, 'PAYMENT_NOT_REFUNDABLE', 'Only a COMPLETED payment can be refunded.', 'payment_id');
  }
  const refundedBefore = state.refunds
    .filter((r) => r.payment_id === paymentId)
    .reduce((sum, r) => sum + r.amount_money.amount, 0);
  if (refundedBefore + amount > paid.amount) {
    return refused(
      400,
      'REFUND_AMOUNT_INVALID',
      `The requested refund amount exceeds the amount available to refund (${paid.amount - refundedBefore}).`,
      'amount_money.amount',
    );
  }
  const now = new Date().toISOString();
  const refund: StandInRefund = {
    id: `${String(payment.id)}_${refundId()}`.slice(0, 70),
    status: 'PENDING',
    amount_money: { amount, currency: paid.currency },
    payment_id: paymentId,
    ...(typeof payment.location_id === 'string' ? { location_id: payment.location_id } : {}),
    ...(typeof body.reason === 'string' && body.reason ? { reason: body.reason } : {}),
    created_at: now,
    updated_at: now,
  };
  state.refunds.push(refund);
  payment.refunded_money = { amount: refundedBefore + amount, currency: paid.currency };
  payment.refund_ids = [...((payment.refund_ids as string[] | undefined) ?? []), refund.id];
  return { status: 200, body: { refund } };
}
