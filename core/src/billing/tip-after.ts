import * as z from 'zod';
import { asSystem } from '../actor';
import { LinkToken } from '../auth/link-token';
import { linkPage } from '../auth/link-flows';
import { failedConditions } from '../db/entity';
import { transactRetrying } from '../db/transact';
import { VisibleError } from '../error';
import { absoluteUrl } from '../links';
import { formatCents } from '../money';
import { Payments } from '../payments/index';
import { Revenue } from '../revenue/index';
import { TipInput, tipChoice } from '../rules/tip-input';
import { fn } from '../util/fn';
import { forBooking } from '../workorder/for-booking';
import { type TipOffer, tipCents, tipOffer } from './tip';
import { entity, type Payment, type Stored } from '../booking/store';

/**
 * The tip after the job (issue 35, decision 130), from the receipt's link: a
 * single-use link (`tip-after-job`) that charges the card on file the tip
 * alone, once per job. Square refuses a payment of $0 (`amount_money` must
 * be above 0), so the tip is the payment's amount, with a note saying so, and
 * our records keep it as the tip (`tipCents`, `tipPaymentId`): never revenue.
 * The token is used in the transaction that claims the booking's tip, so of
 * many submissions one charges; a decline gives the claim back.
 */
export const tipLinkMessages = {
  thanks: (cents: number) => `Thank you! Your tip of ${formatCents(cents)} was added.`,
  declined: 'The card on file did not take the tip, so nothing was charged. Thank you all the same!',
} as const;

const FLOW = 'tip-after-job';

/** What the tip page shows. */
export type TipPageView = { serviceName: string; date: string; time: string; offer: TipOffer };

/** The booking may still take a tip by link: paid, and no tip on it yet (nor one being charged). */
function check(booking: Stored): LinkToken.Refusal | null {
  const payment = booking.payment;
  if (payment?.status !== 'paid' || !booking.userId) return 'settled';
  if (payment.tipCents || payment.tipPaymentId !== undefined) return 'used';
  return null;
}

const subject = { load: (id: string) => entity.get({ id }, { consistent: true }), check };

/** What a tip is on: the amount charged before tax (the work order's tax is not tipped on). */
async function baseOf(booking: Stored, payment: Payment): Promise<number> {
  if (payment.basis !== 'workOrder') return payment.amountCents;
  const wo = await forBooking(booking.id);
  return payment.amountCents - (wo?.taxCents ?? 0);
}

/** `GET /api/tips/{token}`: the visit and the tip's choices (404/409 when the link cannot take one). */
export const viewTipLink = fn(z.string(), async (token): Promise<TipPageView> => {
  const { subject: booking } = await LinkToken.view(FLOW, token, { subject });
  const payment = booking.payment as Payment;
  return {
    serviceName: booking.serviceName,
    date: booking.date,
    time: booking.time,
    offer: tipOffer(await baseOf(booking, payment)),
  };
});

export const TipByLinkInput = z.object({ tip: TipInput });

/** `POST /api/tips/{token}` `{ tip }`: charges the tip once; the thanks, or why nothing was charged. */
export const tipByLink = fn(
  z.tuple([z.string(), TipByLinkInput]),
  async (token, input): Promise<{ msg: string; tipCents: number }> => {
    const { subject: booking } = await LinkToken.view(FLOW, token, { subject });
    const payment = booking.payment as Payment;
    const cents = tipCents(tipChoice(input.tip), await baseOf(booking, payment));
    // The claim: the token used and the booking's tip marked as being charged, in one transaction.
    const claimed = await LinkToken.use(
      FLOW,
      token,
      [
        entity.tx.patch(
          { id: booking.id },
          {
            set: { 'payment.tipPaymentId': '' },
            when: (c) =>
              c.and(
                c.eq('payment.status', 'paid'),
                c.notExists('payment.tipPaymentId'),
                c.or(c.notExists('payment.tipCents'), c.eq('payment.tipCents', 0)),
              ),
          },
        ),
      ],
      { subjectId: booking.id },
    );
    if (!claimed.ok) LinkToken.refuse(claimed.reason === 'stale' ? 'used' : claimed.reason, FLOW);
    const result = await asSystem('tip by link', () =>
      Payments.charge({
        userId: booking.userId as string,
        amountCents: cents,
        idempotencyKey: `${booking.id}-tip`,
        note: `Tip for ${booking.serviceName} on ${booking.date} ${booking.time} (${booking.id})`,
      }),
    );
    if (result.status !== 'paid' || !result.providerPaymentId) {
      await entity.patch(
        { id: booking.id },
        { remove: ['payment.tipPaymentId'], when: (c) => c.eq('payment.tipPaymentId', '') },
      );
      throw new VisibleError('conflict', tipLinkMessages.declined);
    }
    await record(booking, result.providerPaymentId, cents);
    return { msg: tipLinkMessages.thanks(cents), tipCents: cents };
  },
);

/** The tip on the booking's payment and in revenue (the technician's line), in one transaction. */
async function record(booking: Stored, paymentId: string, cents: number): Promise<void> {
  const at = new Date().toISOString();
  const write = entity.tx.patch(
    { id: booking.id },
    {
      set: {
        'payment.tipPaymentId': paymentId,
        'payment.tipCents': cents,
        'payment.tipRefundableCents': cents,
      },
      when: (c) => c.eq('payment.tipPaymentId', ''),
    },
  );
  const revenue = await Revenue.paymentItems({
    paymentId,
    bookingId: booking.id,
    amountCents: 0,
    tipCents: cents,
    at,
    serviceName: `Tip: ${booking.serviceName}`.slice(0, 200),
    ...(booking.claim ? { technician: booking.claim.technician } : {}),
    customerName: `${booking.clientFirstName} ${booking.clientLastName}`.trim(),
    job: false,
  });
  try {
    await transactRetrying([write, ...revenue]);
  } catch (error) {
    if (failedConditions(error) === null) throw error;
    // Counted already (the same Square payment in the ledger): the booking's record alone.
    await transactRetrying([write]);
  }
}

/**
 * The receipt's tip lines: the tip charged with the amount, or the link to add one after the
 * job (a paid charge with a customer account and no tip yet). Issues the link's token.
 */
export async function receiptTipLines(booking: Stored, payment: Payment): Promise<[string, string][]> {
  if (payment.status !== 'paid') return [];
  if (payment.tipCents) {
    return [
      ['Tip', formatCents(payment.tipCents)],
      ['Total charged', formatCents(payment.amountCents + payment.tipCents)],
    ];
  }
  if (!booking.userId || payment.amountCents === 0) return [];
  const { token } = await LinkToken.issue(FLOW, {
    subjectId: booking.id,
    owner: entity.key({ id: booking.id }),
  });
  return [['Add a tip for your technician', absoluteUrl(linkPage(FLOW, token))]];
}
