import * as z from 'zod';
import { defineEntity, type KeyReader, type TransactItem } from '../db/entity';
import * as time from '../time';

/**
 * Plans' counters (issue 35, decision 131), which the revenue section reads: never a scan. One item
 * holds the standing figures (`PLANS#NOW`: active and past-due enrolments, monthly recurring revenue
 * in cents), one item a month the movements (`PLANS#<yyyy-MM>`: enrolled, cancelled: churn). Each is
 * moved only by `ADD`s in the transaction that changes an enrolment's state (`planCounterItems`).
 */

const PlanCounter = z.object({
  /** Which counter (its sort key: the table's `sk` itself cannot be set by an update). */
  of: z.string().optional(),
  active: z.number().int().optional(),
  pastDue: z.number().int().optional(),
  mrrCents: z.number().int().optional(),
  enrolled: z.number().int().optional(),
  cancelled: z.number().int().optional(),
});
export type PlanCounter = z.output<typeof PlanCounter>;

const counter = defineEntity({
  name: 'planCounter',
  version: 1,
  schema: PlanCounter,
  key: ({ of }: { of: string }) => ({ pk: 'COUNTER', sk: of }),
});

const NOW = 'PLANS#NOW';
const monthSk = (month: string) => `PLANS#${month}`;

/** What an enrolment counted as, in a state: active or past due, and its monthly fee (0 for per-visit plans). */
export type Standing = {
  state: 'active' | 'paused' | 'past_due' | 'cancelled' | 'none';
  monthlyCents: number;
};

/**
 * The counter moves of an enrolment going from one standing to another at `at` (enrol: from
 * `none`; cancel: to `cancelled`): for the transaction that writes the enrolment.
 */
export function planCounterItems(from: Standing, to: Standing, at: string): TransactItem[] {
  const weight = (s: Standing) => ({
    active: s.state === 'active' ? 1 : 0,
    pastDue: s.state === 'past_due' ? 1 : 0,
    // Recurring revenue counts an active plan's fee and a past-due one's (still owed), not a paused or cancelled one's.
    mrrCents: s.state === 'active' || s.state === 'past_due' ? s.monthlyCents : 0,
  });
  const a = weight(from);
  const b = weight(to);
  const add = {
    active: b.active - a.active,
    pastDue: b.pastDue - a.pastDue,
    mrrCents: b.mrrCents - a.mrrCents,
  };
  const items: TransactItem[] = [];
  if (Object.values(add).some((n) => n !== 0))
    items.push(counter.tx.upsert({ of: NOW }, { set: { of: NOW }, add }));
  const month = time.today(new Date(at)).slice(0, 7);
  const moves = {
    enrolled: from.state === 'none' && to.state !== 'none' ? 1 : 0,
    cancelled: to.state === 'cancelled' && from.state !== 'cancelled' ? 1 : 0,
  };
  if (moves.enrolled || moves.cancelled) {
    const sk = monthSk(month);
    items.push(counter.tx.upsert({ of: sk }, { set: { of: sk }, add: moves }));
  }
  return items;
}

/** The standing figures and a month's movements (absent items read as zeros); in a page's batch when given. */
export async function planFigures(month: string, batch?: KeyReader) {
  const options = batch ? { batch } : {};
  const [now, moves] = await Promise.all([
    counter.get({ of: NOW }, options),
    counter.get({ of: monthSk(month) }, options),
  ]);
  return {
    active: now?.active ?? 0,
    pastDue: now?.pastDue ?? 0,
    mrrCents: now?.mrrCents ?? 0,
    enrolled: moves?.enrolled ?? 0,
    cancelled: moves?.cancelled ?? 0,
  };
}
