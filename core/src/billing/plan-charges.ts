import { asSystem } from '../actor';
import { config } from '../config';
import {
  clearItem,
  type Due,
  defineDueQueue,
  drainDue,
  dueItem,
  type JobReport,
  lease,
  type Outcome,
  settleItem,
} from '../db/due-queue';
import { failedConditions, type TransactItem } from '../db/entity';
import { transactRetrying } from '../db/transact';
import { Notify } from '../notify/index';
import { Payments } from '../payments/index';
import { periodDueAt, newPeriod } from '../plan/billing-hooks';
import {
  declinedMail,
  declinedText,
  pastDueMail,
  pastDueText,
  type PlanPaymentFacts,
} from '../plan/billing-mail';
import { cancelUpcomingVisits } from '../plan/manage';
import { planCounterItems, type Standing } from '../plan/counters';
import { anchorDayOf, monthsBetween, periodChargeKey, periodStartAfter } from '../plan/period';
import { type Enrolment, enrolment as enrolments, type PlanPeriod, planPeriod } from '../plan/store';
import { Revenue } from '../revenue/index';
import { addDays, addDaysToInstant, today } from '../time';
import { entity as accounts } from '../user/store';
import type { Deadline } from '../util/deadline';

/**
 * A monthly plan's periods charged by the scheduled job (issue 35, decision 132): the `plan-charges`
 * due queue, one line in functions/src/lambda/jobs.ts. Billing stands above plan and revenue, so the
 * payment enters revenue's ledger in the same transaction as the period's outcome.
 *
 * - Each due period is held by a lease (two runs at once: one charges), charged on the customer's card
 *   on file with its attempt's key (plan/period.ts), and settled on condition that its attempts are as
 *   read: a period is paid once, and an attempt that died after Square took the money is charged again
 *   with the same key (Square answers the same payment).
 * - Paid: the period leaves the queue, the next period is written (one month on, the anchor day) while
 *   the enrolment is active (or past due: then it is active again) and renews, in the same transaction.
 * - Declined: the customer is told at the first decline (Notify, a link to update the card), the period
 *   is retried `PLAN_CHARGE_RETRY_DAYS` days after its start; after the last the enrolment is past due
 *   (counters, a notice), then its visits are paused, and the period is retried every last interval
 *   until paid (active again) or the plan is cancelled.
 * - Cancelled: the period due is deleted, never charged; paused: the month is not charged, the next
 *   period is written. No proration (decision 132).
 */

/** How long a run holds a period while it charges it. */
const LEASE_MS = 120_000;
/** Periods one run charges, and how many at once. */
export const PLAN_CHARGE_BATCH = 50;
const CONCURRENCY = 4;

export const periodKeyOf = (id: string) => {
  const at = id.lastIndexOf('#');
  return { enrolmentId: id.slice(0, at), start: id.slice(at + 1) };
};

export const chargesQueue = defineDueQueue('plan-charges', planPeriod, periodKeyOf);

const standing = (e: Enrolment, state: Standing['state'] = e.state): Standing => ({
  state,
  monthlyCents: e.agreed.price.kind === 'monthly' ? e.agreed.price.monthlyCents : 0,
});

/** The enrolment as read, still in that state when the transaction commits, with `set`. */
const enrolmentItem = (e: Enrolment, set: Partial<Enrolment>) =>
  enrolments.tx.patch(
    { userId: e.userId, id: e.id },
    {
      set: { ...set, updatedAt: set.updatedAt ?? new Date().toISOString() },
      when: (c) => c.eq('state', e.state),
    },
  );

/** The period as held: still at the attempt read. */
const stillAt = (p: PlanPeriod) => ({ attempts: p.attempts, state: p.state });

/** The next period, when the enrolment renews: auto-renewal, or inside its minimum months. */
function nextPeriodOf(e: Enrolment, p: PlanPeriod, at: string): PlanPeriod | null {
  const first = e.startDate;
  const next = periodStartAfter(p.start, anchorDayOf(first));
  const renews = e.agreed.terms.autoRenew || monthsBetween(first, next) < e.agreed.terms.minimumMonths;
  return renews ? newPeriod(e, next, at) : null;
}

async function facts(e: Enrolment, p: PlanPeriod, retryAt?: string): Promise<PlanPaymentFacts | null> {
  const account = await accounts.get({ id: e.userId }, { consistent: true });
  if (!account?.email) return null;
  return {
    to: account.email,
    firstName: account.firstName,
    plan: e.agreed.name,
    amountCents: p.amountCents,
    start: p.start,
    ...(retryAt ? { retryAt } : {}),
  };
}

type Written = { items: TransactItem[]; notices: Notify.Notice[]; pastDue: boolean };

/** A paid period: out of the queue, in revenue, the next one written, the enrolment active. */
async function paidItems(e: Enrolment, p: PlanPeriod, attempt: number, paymentId: string, at: string) {
  const id = `${p.enrolmentId}#${p.start}`;
  const next = e.state === 'cancelled' ? null : nextPeriodOf(e, p, at);
  const items: TransactItem[] = [
    settleItem(chargesQueue, id, {
      set: { state: 'paid', attempts: attempt, paymentId, updatedAt: at },
      remove: ['dueAt'],
      when: stillAt(p),
    }),
    ...(await Revenue.paymentItems({
      paymentId,
      amountCents: p.amountCents,
      at,
      serviceName: `Plan: ${e.agreed.name}`.slice(0, 200),
      job: false,
    })),
  ];
  if (next) items.push(planPeriod.tx.put(next, { ifAbsent: true }));
  const back = e.state === 'past_due';
  if (next || back) {
    items.push(
      enrolmentItem(e, {
        ...(next ? { nextPeriod: next.start } : {}),
        // Active again: the plan-visits job places its visits from today again (as the customer's resume does).
        ...(back
          ? {
              state: 'active',
              stateSince: at,
              placedThrough: addDays(today(new Date(at)), -1),
              needsTime: [],
              placeAt: at,
            }
          : {}),
        updatedAt: at,
      }),
    );
  }
  if (back) items.push(...planCounterItems(standing(e), standing(e, 'active'), at));
  return items;
}

/** A declined attempt: retried on the schedule, the customer told once, past due after the last. */
async function declinedItems(e: Enrolment, p: PlanPeriod, attempt: number, now: Date): Promise<Written> {
  const at = now.toISOString();
  const id = `${p.enrolmentId}#${p.start}`;
  const days = config().planChargeRetryDays;
  const scheduled = days[attempt - 1];
  const last = days[days.length - 1] ?? 7;
  const retryAt =
    scheduled !== undefined ? addDaysToInstant(periodDueAt(p.start), scheduled) : addDaysToInstant(now, last);
  // A retry never falls before now (a period charged late): then a day on.
  const dueAt = retryAt > at ? retryAt : addDaysToInstant(now, 1);
  const items: TransactItem[] = [
    settleItem(chargesQueue, id, {
      set: { state: 'retrying', attempts: attempt, dueAt, updatedAt: at },
      retryAt: dueAt,
      when: stillAt(p),
    }),
  ];
  const notices: Notify.Notice[] = [];
  const pastDue = scheduled === undefined && e.state === 'active';
  if (attempt === 1 || pastDue) {
    const about = await facts(e, p, pastDue ? undefined : dueAt);
    if (about) {
      notices.push({
        kind: 'plan-payment',
        userId: e.userId,
        mail: pastDue ? pastDueMail(about) : declinedMail(about),
        text: pastDue ? pastDueText(about) : declinedText(about),
      });
    }
  }
  if (pastDue) {
    items.push(
      enrolmentItem(e, { state: 'past_due', stateSince: at, updatedAt: at }),
      ...planCounterItems(standing(e), standing(e, 'past_due'), at),
    );
  }
  return { items, notices, pastDue };
}

async function commit(written: Written): Promise<boolean> {
  const prepared = (await Promise.all(written.notices.map((n) => Notify.prepare(n)))).flat();
  try {
    await transactRetrying([...written.items, ...prepared.map((p) => p.item)]);
  } catch (error) {
    if (failedConditions(error) === null) throw error;
    return false;
  }
  await Notify.deliver(prepared);
  return true;
}

/** One due period: held, charged (or dropped: cancelled; passed: paused), settled. */
async function chargeOne(due: Due, now: Date): Promise<Outcome> {
  const held = await lease(chargesQueue, due, { ms: LEASE_MS, now: now.getTime() });
  if (!held) return 'left';
  const at = now.toISOString();
  const e = await enrolments.get({ userId: held.userId, id: held.enrolmentId }, { consistent: true });
  if (!e || e.state === 'cancelled') {
    // No charge after the cancellation: the period is deleted.
    const cleared = await commit({
      items: [clearItem(chargesQueue, due.id, { when: stillAt(held) })],
      notices: [],
      pastDue: false,
    });
    return cleared ? 'dropped' : 'left';
  }
  if (e.state === 'paused') {
    // A paused plan's month is not charged: the period is deleted, the next one waits its start.
    const next = nextPeriodOf(e, held, at);
    await commit({
      items: [
        clearItem(chargesQueue, due.id, { when: stillAt(held) }),
        ...(next
          ? [planPeriod.tx.put(next, { ifAbsent: true }), enrolmentItem(e, { nextPeriod: next.start })]
          : []),
      ],
      notices: [],
      pastDue: false,
    });
    return 'dropped';
  }
  const attempt = held.attempts + 1;
  const result = await Payments.charge({
    userId: e.userId,
    amountCents: held.amountCents,
    idempotencyKey: periodChargeKey(e.id, held.start, attempt),
    note: `${e.agreed.name}: the month from ${held.start} (${e.id})`.slice(0, 500),
  });
  if (result.status === 'paid') {
    const paid = {
      items: await paidItems(e, held, attempt, result.providerPaymentId, at),
      notices: [],
      pastDue: false,
    };
    if (await commit(paid)) return 'done';
    // The enrolment changed meanwhile (cancelled, paused): the payment is recorded all the same.
    const fresh = await enrolments.get({ userId: e.userId, id: e.id }, { consistent: true });
    if (!fresh) return 'left';
    const again = {
      items: await paidItems(fresh, held, attempt, result.providerPaymentId, at),
      notices: [],
      pastDue: false,
    };
    return (await commit(again)) ? 'done' : 'left';
  }
  const written = await declinedItems(e, held, attempt, now);
  if (!(await commit(written))) return 'left';
  if (written.pastDue) await cancelUpcomingVisits(e);
  return 'dropped';
}

/**
 * The scheduled job (`plan-charges`): every period due by `now`, up to `PLAN_CHARGE_BATCH` a run, none
 * started past `deadline`. Safe to run twice at once. Done: charged and paid.
 */
export function chargeDuePeriods(
  now = new Date(),
  options: { deadline?: Deadline } = {},
): Promise<JobReport> {
  return drainDue(
    'plan-charges',
    now,
    {
      deadline: options.deadline,
      concurrency: CONCURRENCY,
      pageSize: PLAN_CHARGE_BATCH,
      perRun: PLAN_CHARGE_BATCH,
    },
    (due) => chargeOne(due, now),
  );
}

/** The most enrolments a customer has (a small collection: one per vehicle and plan, in practice a few). */
const ENROLMENTS_READ = 50;

/**
 * A customer saved a new card: each of their past-due plans' period is charged at once (the next
 * retry, brought forward), so the plan is active again without waiting for the job. Runs as the shop.
 */
export async function chargePastDue(userId: string, now = new Date()): Promise<number> {
  const page = await enrolments.query.ofCustomer({ userId }, { limit: ENROLMENTS_READ });
  let paid = 0;
  for (const e of page.items.filter((x) => x.state === 'past_due')) {
    const id = `${e.id}#${e.nextPeriod ?? e.startDate}`;
    const period = await planPeriod.get(periodKeyOf(id), { consistent: true });
    if (period?.state !== 'retrying') continue;
    const at = now.toISOString();
    try {
      await transactRetrying([dueItem(chargesQueue, id, at)]);
    } catch (error) {
      if (failedConditions(error) === null) throw error;
      continue;
    }
    const outcome = await asSystem('card saved', () => chargeOne({ id, dueAt: at }, now));
    if (outcome === 'done') paid += 1;
  }
  return paid;
}

Payments.onCardSaved((userId) => chargePastDue(userId).then(() => undefined));
