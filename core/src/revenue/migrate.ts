import { entity as bookings, type Stored } from '../booking/store';
import { failedConditions, type TransactItem } from '../db/entity';
import { transactRetrying } from '../db/transact';
import type { MigrationStep } from '../db/migration';
import { declinedItems, paymentItems } from './write';

/**
 * The revenue backfill (decisions 063 and 071): bookings whose completion
 * charge ran before revenue was counted (paid or declined, no `inRevenue`)
 * are counted now, each in one transaction that sets `inRevenue` on the
 * booking (conditional on the `rev` read, raising it) with the payment's
 * ledger entry and counters, or the decline's outstanding marker. A booking
 * is thus counted once, whatever the order of this step and of live writes:
 * a live write that lands between this step's read and its write makes the
 * condition fail and the step reads the booking again; a payment revenue
 * already holds (its ledger entry exists) only gets the flag. Pending
 * charges (never ran) are left to the sweep, which counts what it charges.
 */

const TRIES = 5;

const needsCounting = (b: Stored) =>
  !b.inRevenue && (b.payment?.status === 'paid' || b.payment?.status === 'failed');

function flag(b: Stored): TransactItem {
  return bookings.tx.patch(
    { id: b.id },
    {
      set: { inRevenue: true },
      when: (c) => c.and(c.unchangedSince(b.rev ?? 0), c.notExists('inRevenue')),
    },
  );
}

/** The revenue items of a booking's recorded charge. */
async function revenueOf(b: Stored): Promise<TransactItem[]> {
  const payment = b.payment;
  if (!payment) return [];
  if (payment.status === 'paid') {
    return paymentItems({
      paymentId: payment.providerPaymentId || `free-${b.id}`,
      bookingId: b.id,
      amountCents: payment.amountCents,
      at: payment.at,
      ...(b.isCustomService || !b.serviceId ? {} : { serviceId: b.serviceId }),
      serviceName: b.serviceName,
      ...(b.claim ? { technician: b.claim.technician } : {}),
      customerName: `${b.clientFirstName} ${b.clientLastName}`.trim(),
    });
  }
  return declinedItems({
    ref: b.id,
    amountCents: payment.amountCents,
    at: payment.at,
    serviceName: b.serviceName,
    ...(payment.failureReason ? { reason: payment.failureReason.slice(0, 500) } : {}),
  });
}

/** Counts one booking; false when it needed nothing. */
export async function countBooking(read: Stored): Promise<boolean> {
  let b: Stored | undefined = read;
  for (let attempt = 0; b && needsCounting(b) && attempt < TRIES; attempt += 1) {
    try {
      await transactRetrying([flag(b), ...(await revenueOf(b))]);
      return true;
    } catch (error) {
      const failed = failedConditions(error);
      if (!failed?.length) throw error;
      if (!failed.includes(0)) {
        // Revenue holds this money already (a live write counted it): the flag alone.
        try {
          await transactRetrying([flag(b)]);
          return true;
        } catch (again) {
          if (!failedConditions(again)?.length) throw again;
        }
      }
      b = await bookings.get({ id: b.id }, { consistent: true });
    }
  }
  if (b && needsCounting(b))
    throw new Error(`Booking ${b.id} kept changing; the backfill tries it next run.`);
  return false;
}

export const revenueSteps: MigrationStep[] = [
  {
    name: 'revenue-backfill',
    async page(cursor, pageSize) {
      const page = await bookings.query.byDate({}, { limit: pageSize, cursor });
      let changed = 0;
      for (const b of page.items) if (needsCounting(b) && (await countBooking(b))) changed += 1;
      return { changed, cursor: page.cursor };
    },
  },
];
