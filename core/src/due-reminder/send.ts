import { LinkToken } from '../auth/link-token';
import { SavedAddress } from '../address/index';
import { entity as bookings } from '../booking/store';
import { checkItem } from '../db/conditions';
import { type Due, drainDue, type JobReport, lease, type Outcome, settle, settleItem } from '../db/due-queue';
import { failedConditions, transactWrite } from '../db/entity';
import { daytime, dueItemId, dueQueue, type VehicleDue, vehicleDue } from '../garage/due';
import { intoDaytime, MAX_TOUCHES, secondTouchAt } from '../garage/due-rule';
import { historyEntry, vehicle as vehicles } from '../garage/store';
import { Marketing } from '../notify/marketing';
import { Notify } from '../notify/index';
import { entity as accounts } from '../user/store';
import type { Deadline } from '../util/deadline';
import { dueMail, dueText } from './mail';

/**
 * The scheduled job's "your car is due" notices (issue 34, decision 124):
 * the entries of the `vehicle-due` queue whose time has come (never a scan of
 * vehicles), a page at a time until none is left or the run's deadline. Each
 * is held by a lease, then sent in one transaction: the item settled (back in
 * the queue for its second notice, or closed after it; on condition that it
 * is still due as read), the account's marketing consent as read, the "not
 * now" and unsubscribe links and the outbox items. Two runs at once: one
 * holds it, the other passes it by; should a lease run out, the settle's
 * condition fails for the late one and it sends nothing. At night the notice
 * waits for the morning; a booking made for it, "not now", no consent, or the
 * vehicle gone close it without a notice.
 */

export const DUE_PAGE = 100;
export const DUE_CONCURRENCY = 8;
const LEASE_MS = 120_000;

/** Closes the item (out of the queue) for `why`, unless it changed since read. */
async function close(due: Due, why: VehicleDue['closedBy'], now: Date): Promise<void> {
  await settle(dueQueue, due.id, {
    as: due,
    set: { state: 'closed', closedAt: now.toISOString(), closedBy: why },
    remove: ['nextAt'],
  });
}

/** The `byVehicle` range of a vehicle's history from `instant` on. */
function historySince(vehicleId: string, instant: string) {
  const { pk, sk } = historyEntry(vehicleId, instant, '', '');
  return { partition: pk, sort: { between: [sk, '9999~'] as const } };
}

/** Whether a booking for the item's service and vehicle was made since the job it counts from (not cancelled). */
async function bookedSince(item: VehicleDue): Promise<boolean> {
  const page = await bookings.query({
    index: 'byVehicle',
    // The vehicle's history since the job (decision 117's index, keyed as every record writes it).
    ...historySince(item.vehicleId, item.completedAt),
    limit: 1,
    budget: 50,
    filter: (b) => b.id !== item.bookingId && b.serviceId === item.serviceId && b.status !== 'Cancelled',
  });
  return page.items.length > 0;
}

/** The customer's saved address the completed job was at, if they still keep it. */
async function addressOf(item: VehicleDue): Promise<string | undefined> {
  const job = await bookings.get({ id: item.bookingId });
  if (!job?.serviceAddress) return undefined;
  const place = SavedAddress.placeKey(job.serviceAddress);
  const saved = await SavedAddress.entity.query.ofCustomer(
    { userId: item.userId },
    { range: { beginsWith: {} }, limit: SavedAddress.SAVED_ADDRESS_LIMIT },
  );
  return saved.items.find((a) => SavedAddress.placeKey(a) === place)?.id;
}

/** Sends one due notice: 'done' (sent), 'dropped' (closed without one) or 'left' (later). */
export async function sendOne(due: Due, now: Date): Promise<Outcome> {
  const item = await lease(dueQueue, due, { ms: LEASE_MS });
  if (!item) return 'left';
  // A run at night: the notice waits for the morning.
  const morning = intoDaytime(now, daytime());
  if (morning.getTime() > now.getTime()) {
    const at = morning.toISOString();
    await settle(dueQueue, due.id, { as: due, retryAt: at, set: { nextAt: at } });
    return 'left';
  }
  const [account, car] = await Promise.all([
    accounts.get({ id: item.userId }, { consistent: true }),
    vehicles.get({ userId: item.userId, id: item.vehicleId }, { consistent: true }),
  ]);
  if (!account || !car || car.deletedAt) return close(due, 'gone', now).then(() => 'dropped');
  if (await bookedSince(item)) return close(due, 'booked', now).then(() => 'dropped');
  const notNow = LinkToken.prepare('due-not-now', {
    subjectId: dueItemId(item),
    owner: vehicleDue.key(item),
    now,
  });
  const unsubscribe = Marketing.unsubscribeLink(account.id, now);
  const facts = {
    to: account.email,
    vehicle: `${car.year} ${car.make} ${car.model}`,
    item,
    addressId: await addressOf(item),
    notNowToken: notNow.token,
    unsubscribeToken: unsubscribe.token,
  };
  const { prepared, check } = await Marketing.prepare(account, {
    userId: account.id,
    mail: dueMail(facts),
    text: dueText(facts),
  });
  // No marketing consent: no notice, and the item closes (decision 124).
  if (prepared.length === 0) return close(due, 'no-consent', now).then(() => 'dropped');
  const touches = item.touches + 1;
  const firstSentAt = item.firstSentAt ?? now.toISOString();
  const nextAt = touches < MAX_TOUCHES ? secondTouchAt(item.dueDate, firstSentAt, daytime()) : undefined;
  const written = await transactWrite([
    settleItem(dueQueue, due.id, {
      as: due,
      set: {
        touches,
        firstSentAt,
        ...(nextAt ? { nextAt } : { state: 'closed', closedAt: now.toISOString(), closedBy: 'sent' }),
      },
      ...(nextAt ? { retryAt: nextAt } : { remove: ['nextAt'] }),
      when: { touches: item.touches, state: 'open' },
    }),
    checkItem(accounts, { id: account.id }, check),
    notNow.item,
    unsubscribe.item,
    ...prepared.map((p) => p.item),
  ]).then(
    () => true,
    (error: unknown) => {
      if (failedConditions(error) === null) throw error;
      return false;
    },
  );
  // Sent or replaced by another run, or the consent changed meanwhile: decided again next run.
  if (written) await Notify.deliver(prepared);
  return written ? 'done' : 'left';
}

/** Sends every due notice due at `now`, page after page, none started after `deadline`. */
export const sendDue = (now = new Date(), { deadline }: { deadline?: Deadline } = {}): Promise<JobReport> =>
  drainDue('vehicle-due', now, { deadline, concurrency: DUE_CONCURRENCY, pageSize: DUE_PAGE }, (due) =>
    sendOne(due, now),
  );
