import { unsubscribeLink } from '../account/unsubscribe';
import { assertAdmin } from '../actor';
import { entity as bookings } from '../booking/store';
import { Match } from '../db/conditions';
import { type Due, drainDue, type JobReport, lease, type Outcome, settleItem } from '../db/due-queue';
import { failedConditions, type TransactItem, transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import { Garage, RecommendedWork } from '../garage/index';
import { Notify } from '../notify/index';
import { entity as accounts, type StoredAccount } from '../user/store';
import type { Deadline } from '../util/deadline';
import { entity as workOrders } from '../workorder/store';
import { bookPath, followUpMail, followUpText } from './mail';

/**
 * Recommended work's follow-up (issue 33, decision 126): once, `RECOMMENDED_FOLLOW_UP_DAYS` after
 * the work was recommended, from the one due queue (`recommended-follow-ups`). One notice a vehicle
 * carries every line of it due by then (or, from the desk's "Book it", every line not followed up
 * yet), through Notify: the customer's channels, texts only when opted in; no notice once they
 * unsubscribed. The notice, its unsubscribe link's token and every line's `followedUpAt` are one
 * transaction, each line on condition that it is still open and not followed up: two runs at once
 * send it once.
 */

/** Lines a run holds while it prepares their notice; another run passes them by meanwhile. */
const LEASE_MS = 120_000;
/** Follow-ups prepared at once. */
export const FOLLOW_UP_CONCURRENCY = 4;

export const followUpMessages = {
  notOpen: 'This recommended work is no longer open.',
  alreadySent: 'The booking link for this work was already sent to the customer.',
  unsubscribed: 'This customer unsubscribed from recommended-work follow-ups.',
  noMail: 'This customer has no e-mail address to send the booking link to.',
} as const;

type Line = Garage.Recommendation;
type Sent = 'sent' | 'unsubscribed' | 'no-mail';

const vehicleText = (v: Pick<Garage.Vehicle, 'year' | 'make' | 'model'> | undefined) =>
  v ? `${v.year} ${v.make} ${v.model}` : 'vehicle';

/** The service of the visit the lines came from (the work order's booking), for the booking link. */
async function serviceOf(line: Line): Promise<string | undefined> {
  const workOrder = await workOrders.get({ id: line.workOrderId });
  const booking = workOrder?.relatedBooking
    ? await bookings.get({ id: workOrder.relatedBooking })
    : undefined;
  return booking?.serviceId;
}

/** Each line out of the queue, followed up now, on condition that it is still open and not followed up. */
const followedUpItems = (lines: readonly Line[], at: string): TransactItem[] =>
  lines.map((line) =>
    settleItem(Garage.followUpQueue, Garage.recommendationRef(line), {
      set: { followedUpAt: at, updatedAt: at },
      when: { state: 'open', followedUpAt: Match.absent() },
    }),
  );

/** The lines out of the queue without a notice (the customer unsubscribed, or has no mail). */
const withoutNoticeItems = (lines: readonly Line[], at: string): TransactItem[] =>
  lines.map((line) =>
    settleItem(Garage.followUpQueue, Garage.recommendationRef(line), {
      set: { updatedAt: at },
      remove: ['followUpAt'],
      when: { state: 'open', followedUpAt: Match.absent() },
    }),
  );

/**
 * Sends one vehicle's follow-up for `lines` (open, in the queue) to their customer: 'sent', or why
 * not (they leave the queue all the same); null when a line changed meanwhile (nothing written).
 */
async function send(lines: readonly Line[], now: Date): Promise<Sent | null> {
  const first = lines[0];
  if (!first) return null;
  const at = now.toISOString();
  const account: StoredAccount | undefined = await accounts.get({ id: first.userId }, { consistent: true });
  const outcome: Sent = !account?.email
    ? 'no-mail'
    : account.recommendedFollowUpsOffAt
      ? 'unsubscribed'
      : 'sent';
  let items = outcome === 'sent' ? followedUpItems(lines, at) : withoutNoticeItems(lines, at);
  let prepared: Awaited<ReturnType<typeof Notify.prepare>> = [];
  if (outcome === 'sent' && account) {
    const [car, serviceId] = await Promise.all([
      Garage.vehicle.get({ userId: first.userId, id: first.vehicleId }),
      serviceOf(first),
    ]);
    const unsubscribe = unsubscribeLink(
      'unsubscribe-recommended-work',
      'recommendedFollowUpsOffAt',
      account.id,
      now,
    );
    const facts = {
      to: account.email,
      vehicle: vehicleText(car),
      lines,
      bookPath: bookPath(
        serviceId,
        first.vehicleId,
        lines.map((line) => line.id),
      ),
      unsubscribeToken: unsubscribe.token,
    };
    prepared = await Notify.prepare(
      { kind: 'recommended-work', userId: account.id, mail: followUpMail(facts), text: followUpText(facts) },
      account,
    );
    items = [
      ...items,
      // The customer still wants these as the transaction commits.
      ...unsubscribe.items,
      ...prepared.map((p) => p.item),
    ];
  }
  try {
    await transactWrite(items);
  } catch (error) {
    if (failedConditions(error) === null) throw error;
    return null;
  }
  await Notify.deliver(prepared);
  return outcome;
}

/** Whether a line waits for its follow-up (open, in the queue). */
const waiting = (line: Line) => line.state === 'open' && !!line.followUpAt && !line.followedUpAt;

/** The scheduled job's step for one due line: its vehicle's lines due by `now`, in one notice. */
async function followUpOne(due: Due, now: Date): Promise<Outcome> {
  const held = await lease(Garage.followUpQueue, due, { ms: LEASE_MS, now: now.getTime() });
  if (!held) return 'left';
  const at = now.toISOString();
  const lines = (await RecommendedWork.openOfVehicle(held.vehicleId)).filter(
    (line) => waiting(line) && line.followUpAt! <= at,
  );
  if (!lines.some((line) => line.id === held.id)) return 'left';
  const outcome = await send(lines, now);
  return outcome === 'sent' ? 'done' : outcome === null ? 'left' : 'dropped';
}

/**
 * The scheduled job (one line in functions/src/lambda/jobs.ts): every follow-up due by `now`,
 * page after page, none started past `deadline`. Safe to run twice at once.
 */
export function sendDue(now = new Date(), options: { deadline?: Deadline } = {}): Promise<JobReport> {
  assertAdmin();
  return drainDue(
    'recommended-follow-ups',
    now,
    { deadline: options.deadline, concurrency: FOLLOW_UP_CONCURRENCY },
    (due) => followUpOne(due, now),
  );
}

/**
 * The desk's "Book it" (admin): the booking link for a vehicle's open work goes to the customer
 * now, as its follow-up (the scheduled one then has nothing left to send). 409 when the line is
 * closed or followed up already, or the customer unsubscribed or has no mail.
 */
export async function sendNow(ref: { vehicleId: string; id: string }, now = new Date()): Promise<void> {
  const open = await RecommendedWork.openOfVehicle(ref.vehicleId);
  const line = open.find((r) => r.id === ref.id);
  if (!line) throw new VisibleError('conflict', followUpMessages.notOpen);
  if (!waiting(line)) throw new VisibleError('conflict', followUpMessages.alreadySent);
  // Refused before anything is written: the desk's refusal changes nothing.
  const account = await accounts.get({ id: line.userId }, { consistent: true });
  if (!account?.email) throw new VisibleError('conflict', followUpMessages.noMail);
  if (account.recommendedFollowUpsOffAt) throw new VisibleError('conflict', followUpMessages.unsubscribed);
  const outcome = await send(
    open.filter((r) => waiting(r) && r.userId === line.userId),
    now,
  );
  if (outcome !== 'sent') throw new VisibleError('conflict', followUpMessages.alreadySent);
}
