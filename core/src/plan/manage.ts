import * as z from 'zod';
import { linkTexts } from '../auth/link-texts';
import { cancelAs } from '../booking/customer';
import { entity as bookings } from '../booking/store';
import { currentBy } from '../booking/status';
import type { StatusChangeBy } from '../booking/rules';
import { type TransactItem, transactWrite } from '../db/entity';
import { failedConditions } from '../db/transact';
import { VisibleError } from '../error';
import { Notify } from '../notify/index';
import * as time from '../time';
import { User } from '../user/index';
import { callerFirst, fn } from '../util/fn';
import { planCounterItems } from './counters';
import { customerId, enrolMessages, standingOf } from './enrol';
import { EnrolmentRef, PlaceInput, SkipInput } from './input';
import { changedMail } from './mail';
import { placeAndWrite, placeVisit, visitsOf } from './place';
import { occurrences } from './recurrence';
import { type Enrolment, enrolment, type EnrolmentRecord, planVisit, putEnrolment } from './store';

/**
 * Changing an enrolment (issue 35, decision 131), as easy as enrolling: skip one visit, pause,
 * resume, cancel, and place a visit that needs a time. Each state change writes the enrolment (on
 * condition of the revision read) with its counters and the customer's notice in one transaction;
 * the visits it gives up are then cancelled each through the booking's own cancel, with the notice
 * every cancel sends. By the plan's link (link.ts, decision 134) the same functions write through the
 * link's `commit` (the link's use and the next link in that same transaction), the mail carrying the next link.
 */

export const manageMessages = {
  notActive: 'Only an active plan can be changed that way.',
  notPaused: 'Only a paused plan can be resumed.',
  cancelled: 'This plan is cancelled.',
  notAVisit: 'That date is not one of the plan’s upcoming visits.',
  changed: linkTexts.plan.changed,
  notWaiting: 'That visit does not need a time.',
} as const;

type State = z.output<typeof EnrolmentRecord>['state'];

/** A change made by the plan's link: the next link's token (for the mail) and the writer that uses the link. */
export type ByLink = { token: string; commit: (items: TransactItem[]) => Promise<void> };

/** Writes a change's transaction (by link: through the link's writer); a condition failed: 409. */
async function write(items: TransactItem[], via?: ByLink): Promise<void> {
  try {
    await (via?.commit ?? transactWrite)(items);
  } catch (error) {
    if (failedConditions(error) === null) throw error;
    throw new VisibleError('conflict', manageMessages.changed);
  }
}

/** The signed-in customer's enrolment `id`; 404 for none (or another's). */
export async function myEnrolment(id: string): Promise<Enrolment> {
  const userId = customerId();
  const found = EnrolmentRef.safeParse(id).success
    ? await enrolment.get({ userId, id }, { consistent: true })
    : undefined;
  if (!found) throw new VisibleError('not_found', enrolMessages.notFound);
  return found;
}

/**
 * Moves `e` to `state` (pause, past due, cancel, resume): the enrolment, its counters and the
 * customer's notice in one transaction, on condition that it is still as read; 409 otherwise.
 */
async function moveTo(
  e: Enrolment,
  state: State,
  patch: Partial<Enrolment> = {},
  via?: ByLink,
): Promise<Enrolment> {
  const at = new Date().toISOString();
  const next: Enrolment = { ...e, ...patch, state, stateSince: at, updatedAt: at };
  if (state !== 'active') delete next.placeAt;
  const account = await User.find(e.userId);
  const notice = account
    ? await Notify.prepare({
        kind: 'cancel',
        userId: e.userId,
        mail: await changedMail(account.email, next, state === 'active' ? 'active' : state, via?.token),
      })
    : [];
  await write(
    [
      putEnrolment(next, e),
      ...planCounterItems(standingOf(e), standingOf(next), at),
      ...notice.map((p) => p.item),
    ],
    via,
  );
  await Notify.deliver(notice);
  return { ...next, rev: (e.rev ?? 0) + 1 };
}

/** Cancels `e`'s visits from today on that are still open, each with the notice every cancel sends. */
/**
 * An enrolment's upcoming visits cancelled as any booking is (the time given back, the customer's
 * notice) and let go, so they are placed again when it is active again: its pause, its cancel, and
 * billing's past due (decision 132).
 */
export async function cancelUpcomingVisits(e: Enrolment, by?: StatusChangeBy): Promise<number> {
  by ??= await currentBy();
  const today = time.today();
  const visits = await visitsOf(e.id, today, time.addDays(today, 400));
  let cancelled = 0;
  for (const visit of visits) {
    const booking = await bookings.get({ id: visit.bookingId }, { consistent: true });
    if (!booking || (booking.status !== 'Pending' && booking.status !== 'Confirmed')) continue;
    await cancelAs(booking, by).catch((error: unknown) => {
      if (!(error instanceof VisibleError)) throw error;
    });
    // Given up with the plan's pause: placed again when it resumes (a visit cancelled alone stays cancelled).
    await planVisit.delete(visit);
    cancelled += 1;
  }
  return cancelled;
}

/**
 * Pauses an enrolment (the customer's pause, or billing's when a charge is past due: `to`
 * `past_due`): its state, counters and notice, then its upcoming visits cancelled; no visit is
 * placed while it is not active. For h-billing's failure path too.
 */
export async function pauseEnrolment(
  e: Enrolment,
  reason: { to: 'paused' | 'past_due'; by?: StatusChangeBy; via?: ByLink },
): Promise<Enrolment> {
  if (e.state !== 'active' && !(reason.to === 'past_due' && e.state === 'paused')) {
    throw new VisibleError('conflict', manageMessages.notActive);
  }
  const paused = await moveTo(e, reason.to, {}, reason.via);
  await cancelUpcomingVisits(e, reason.by);
  return paused;
}

const mine = callerFirst(customerId);

/** `POST /api/plans/enrolments/{id}/pause` */
export const pause = fn(
  EnrolmentRef,
  async (id) => pauseEnrolment(await myEnrolment(id), { to: 'paused' }),
  mine,
);

/** Active again (from paused), its visits placed ahead from today: the signed-in route's and the plan link's. */
export async function resumeEnrolment(e: Enrolment, via?: ByLink): Promise<Enrolment> {
  if (e.state !== 'paused') throw new VisibleError('conflict', manageMessages.notPaused);
  const now = new Date();
  const active = await moveTo(
    e,
    'active',
    {
      placedThrough: time.addDays(time.today(now), -1),
      needsTime: [],
      placeAt: new Date(now.getTime() + 10 * 60_000).toISOString(),
    },
    via,
  );
  return placeAndWrite(active, now);
}

/** Cancelled for good, its upcoming visits cancelled, a confirmation mailed: the signed-in route's and the plan link's. */
export async function cancelEnrolment(e: Enrolment, by?: StatusChangeBy, via?: ByLink): Promise<Enrolment> {
  if (e.state === 'cancelled') return e;
  const cancelled = await moveTo(e, 'cancelled', {}, via);
  await cancelUpcomingVisits(e, by);
  return cancelled;
}

/** `POST /api/plans/enrolments/{id}/resume`: active again, its visits placed ahead from today. */
export const resume = fn(EnrolmentRef, async (id) => resumeEnrolment(await myEnrolment(id)), mine);

/** `POST /api/plans/enrolments/{id}/cancel`: cancelled for good, its upcoming visits cancelled, a confirmation mailed. */
export const cancel = fn(EnrolmentRef, async (id) => cancelEnrolment(await myEnrolment(id)), mine);

/**
 * That visit is not made: its booking (if placed) is cancelled as any cancel (the notice; the
 * late-cancel rule, `acceptLateFee`), and the date kept in `skipped`, so it is never placed again.
 * The signed-in route's and the plan link's: the booking's cancel and the enrolment in one transaction.
 */
export async function skipVisit(
  e: Enrolment,
  input: z.output<typeof SkipInput>,
  by?: StatusChangeBy,
  via?: ByLink,
): Promise<Enrolment> {
  if (e.state !== 'active') throw new VisibleError('conflict', manageMessages.notActive);
  const [visit] = await visitsOf(e.id, input.date, input.date);
  const waiting = (e.needsTime ?? []).includes(input.date);
  if (!visit && !waiting && !isUpcoming(e, input.date)) {
    throw new VisibleError('invalid', manageMessages.notAVisit);
  }
  const next: Enrolment = {
    ...e,
    skipped: [...new Set([...e.skipped, input.date])].sort(),
    needsTime: (e.needsTime ?? []).filter((d) => d !== input.date),
    updatedAt: new Date().toISOString(),
  };
  const booking = visit ? await bookings.get({ id: visit.bookingId }, { consistent: true }) : undefined;
  if (booking && (booking.status === 'Pending' || booking.status === 'Confirmed')) {
    await cancelAs(booking, by ?? (await currentBy()), {
      acceptLateFee: input.acceptLateFee,
      commit: (items) => write([...items, putEnrolment(next, e)], via),
    });
  } else {
    await write([putEnrolment(next, e)], via);
  }
  return { ...next, rev: (e.rev ?? 0) + 1 };
}

/** `POST /api/plans/enrolments/{id}/skip` `{ date }`: that visit is not made (`skipVisit`). */
export const skip = fn(
  z.tuple([EnrolmentRef, SkipInput]),
  async (id, input) => skipVisit(await myEnrolment(id), input),
  mine,
);

/** Whether `date` is one of the plan's occurrences to come (one not placed yet: beyond the horizon). */
const isUpcoming = (e: Enrolment, date: string): boolean =>
  date >= time.today() &&
  occurrences(e.agreed.recurrence, e.startDate, { from: date, through: date }).includes(date);

/**
 * `POST /api/plans/enrolments/{id}/visits` `{ date, at: { date, time } }`: a visit that needs a time
 * is placed at one of the nearest free times (the same claim; 409 when that time went meanwhile).
 */
export const placeWaiting = fn(
  z.tuple([EnrolmentRef, PlaceInput]),
  async (id, input) => {
    const e = await myEnrolment(id);
    if (e.state !== 'active') throw new VisibleError('conflict', manageMessages.notActive);
    if (!(e.needsTime ?? []).includes(input.date))
      throw new VisibleError('conflict', manageMessages.notWaiting);
    const account = await User.find(e.userId);
    if (!account) throw new VisibleError('unauthorized', 'Please log in to continue.');
    const next: Enrolment = {
      ...e,
      needsTime: (e.needsTime ?? []).filter((d) => d !== input.date),
      updatedAt: new Date().toISOString(),
    };
    // The visit's record keeps the occurrence's date; the booking is at the time chosen.
    await placeVisit(account, e, input.at.date, {
      at: input.at.time,
      items: () => [putEnrolment(next, e)],
    });
    return { ...next, rev: (e.rev ?? 0) + 1 };
  },
  mine,
);
