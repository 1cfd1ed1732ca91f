import { type Deadline, pastDeadline } from '../util/deadline';
import { type Change, checkOf, type Conditions, Match, updateOf } from './conditions';
import { batchGetItems, type Entity, type IndexKey, indexAttributes, type TransactItem } from './entity';
import { type Page, queryPage } from './paging';

/**
 * The one due queue (decision 109): everything the scheduled job does when
 * its time comes (mail to retry, acknowledgment links that ran out, charges to
 * sweep or retry, reminders, review requests) is an item with one entry in
 * one sparse, keys-only index, `dueWork`: partition the queue's name, sort
 * `<dueAt>#<id>` (an ISO instant, so the order is the time). An entity puts
 * its items in a queue from its own index definition (`queueEntry`), so every
 * write of the item keeps the entry true; what leaves the queue is written
 * here (`settle`, `clearItem`), as are the claims (`lease`).
 *
 * - `duePage(queue, now)`: the entries due by `now`, oldest first, from the
 *   index alone (id and due time; no item read).
 * - `lease(queue, due)`: holds one item for this run by a conditional write
 *   (still in the queue at the time read, and no other run's lease running),
 *   and returns it; two runs at once never both hold it.
 * - `settle` / `settleItem`: out of the queue (or back in later) with the
 *   outcome's fields, on condition that it is still due as read.
 * - `drainDue`: the loop every job runs: pages, so many at once, none taken
 *   once the run's deadline has passed; one report shape (`JobReport`).
 *
 * The conditions a job's transaction puts on the item an entry is about are
 * written by core/src/db/conditions.ts (`checkItem`, `changeItem`).
 */

/** Every queue of due work, by name (the index's partitions). */
export const dueQueues = [
  'outbox',
  'acknowledgment-expiry',
  'charge-sweep',
  'charge-retry',
  'reminders',
  'review-requests',
  'busy-calendars',
  'recommended-follow-ups',
  // "Your car is due" (issue 34, decision 124): a vehicle's next notice for a service.
  'vehicle-due',
  'booking-photos',
  // Service plans (issue 35, decision 131): an enrolment's next visits to place, a monthly plan's period to charge.
  'plan-visits',
  'plan-charges',
] as const;
export type DueQueueName = (typeof dueQueues)[number];

/** The index's attribute names. */
const { partitionKey: DUE_PK, sortKey: DUE_SK } = indexAttributes('dueWork');

const sortOf = (dueAt: string, id: string) => `${dueAt}#${id}`;

/** An instant as the queue orders it (an ISO string; epoch ms are turned into one). */
export const dueInstant = (at: string | number | Date): string =>
  typeof at === 'string' ? at : new Date(at).toISOString();

/** The index entry of an item due in `queue` at `dueAt`: for an entity's `indexes.dueWork`. */
export function queueEntry(queue: DueQueueName, dueAt: string | number, id: string): IndexKey {
  return { pk: queue, sk: sortOf(dueInstant(dueAt), id) };
}

/** A queue: its name and the entity whose items it holds, with the entity's key from an entry's id. */
export type DueQueue<Rec extends Record<string, unknown>, K extends Partial<Rec>> = {
  name: DueQueueName;
  entity: Entity<Rec, K>;
  keyOf: (id: string) => K;
};

export function defineDueQueue<Rec extends Record<string, unknown>, K extends Partial<Rec>>(
  name: DueQueueName,
  entity: Entity<Rec, K>,
  keyOf: (id: string) => K,
): DueQueue<Rec, K> {
  return { name, entity, keyOf };
}

/** One entry of a due page, as the index holds it. */
export type Due = { id: string; dueAt: string };

/** The condition that an item is in `queue`, and still due at `due.dueAt` when given. */
function inQueue(queue: DueQueueName, id: string, due?: Pick<Due, 'dueAt'>): Conditions {
  return { [DUE_PK]: queue, ...(due ? { [DUE_SK]: sortOf(due.dueAt, id) } : {}) };
}

// ---------------------------------------------------------------------------
// Reads

/**
 * One page of the entries due by `now` (inclusive), oldest first. The index
 * holds keys only: an entry is its id and due time; `lease` reads the item.
 */
export async function duePage(
  queue: { name: DueQueueName } | DueQueueName,
  now: string | number | Date,
  options: { limit: number; cursor?: string | null },
): Promise<Page<Due>> {
  const name = typeof queue === 'string' ? queue : queue.name;
  return entriesPage(name, { lessThan: `${dueInstant(now)}#~` }, options);
}

/**
 * One page of the entries due after `from` (inclusive), soonest first: what
 * is waiting (the admin's Today lists the acknowledgments still out).
 */
export async function waitingPage(
  queue: { name: DueQueueName },
  from: string | number | Date,
  options: { limit: number; cursor?: string | null },
): Promise<Page<Due>> {
  return entriesPage(queue.name, { between: [dueInstant(from), '9999~'] }, options);
}

function entriesPage(
  queue: DueQueueName,
  sort: { lessThan: string } | { between: [string, string] },
  options: { limit: number; cursor?: string | null },
): Promise<Page<Due>> {
  return queryPage<Due>({
    index: 'dueWork',
    partition: queue,
    sort,
    limit: options.limit,
    cursor: options.cursor,
    keysOnly: true,
    is: () => true,
    parse: (raw) => {
      const sk = String(raw[DUE_SK]);
      const at = sk.indexOf('#');
      return { dueAt: sk.slice(0, at), id: sk.slice(at + 1) };
    },
  });
}

// ---------------------------------------------------------------------------
// Claims and outcomes

/**
 * Holds one item for this run for `ms`: on condition that it is still in the
 * queue (at the time read, when `due` gives it) and no other run's lease is
 * running. The item as it is now, or null when another run holds it, it left
 * the queue or it moved. `add` raises counters in the same write (the
 * outbox's attempts).
 */
export async function lease<Rec extends Record<string, unknown>, K extends Partial<Rec>>(
  queue: DueQueue<Rec, K>,
  due: Due | { id: string },
  options: { now?: number; ms: number; add?: Record<string, number> },
): Promise<Rec | null> {
  const now = options.now ?? Date.now();
  return queue.entity.update(
    queue.keyOf(due.id),
    updateOf(
      { set: { leaseUntil: now + options.ms }, add: options.add },
      {
        ...inQueue(queue.name, due.id, 'dueAt' in due ? due : undefined),
        leaseUntil: Match.absentOrBelow(now),
      },
    ),
  );
}

/** What settling an item does besides taking it out of its queue. */
export type Settle = Change & {
  /** Only while it is still due as read (its entry unchanged). */
  as?: Pick<Due, 'dueAt'>;
  /** Further conditions on the item. */
  when?: Conditions;
  /** Back in the queue at this instant instead of out of it (a retry's pause). */
  retryAt?: string | number;
};

function settleUpdate(queue: DueQueueName, id: string, settle: Settle) {
  const requeue = settle.retryAt !== undefined;
  return updateOf(
    {
      ...settle,
      set: {
        ...settle.set,
        ...(requeue ? { [DUE_SK]: sortOf(dueInstant(settle.retryAt!), id) } : {}),
      },
      remove: [...(settle.remove ?? []), 'leaseUntil', ...(requeue ? [] : [DUE_PK, DUE_SK])],
    },
    { ...inQueue(queue, id, settle.as), ...settle.when },
  );
}

/**
 * Takes the item out of its queue (or puts it back at `retryAt`), releasing
 * any lease, with the outcome's change; the item as it is now, or null when
 * a condition did not hold (it left the queue, moved, or changed).
 */
export function settle<Rec extends Record<string, unknown>, K extends Partial<Rec>>(
  queue: DueQueue<Rec, K>,
  id: string,
  change: Settle,
): Promise<Rec | null> {
  return queue.entity.update(queue.keyOf(id), settleUpdate(queue.name, id, change));
}

/** The same as a transaction item, for the transaction of what the item's work writes. */
export function settleItem<Rec extends Record<string, unknown>, K extends Partial<Rec>>(
  queue: DueQueue<Rec, K>,
  id: string,
  change: Settle,
): TransactItem {
  return queue.entity.tx.update(queue.keyOf(id), settleUpdate(queue.name, id, change));
}

/**
 * Deletes an item that exists only to be due (a reminder's entry), on
 * condition that it is still due as read and matches `when`: as a transaction item.
 */
export function clearItem<Rec extends Record<string, unknown>, K extends Partial<Rec>>(
  queue: DueQueue<Rec, K>,
  id: string,
  options: { as?: Pick<Due, 'dueAt'>; when?: Conditions } = {},
): TransactItem {
  return queue.entity.tx.delete(
    queue.keyOf(id),
    checkOf({ ...inQueue(queue.name, id, options.as), ...options.when }),
  );
}

/** Puts an existing item in `queue` at `dueAt` (its entity's definition decides the rest): a transaction item. */
export function dueItem<Rec extends Record<string, unknown>, K extends Partial<Rec>>(
  queue: DueQueue<Rec, K>,
  id: string,
  dueAt: string | number,
): TransactItem {
  const entry = queueEntry(queue.name, dueAt, id);
  return queue.entity.tx.update(
    queue.keyOf(id),
    updateOf({ set: { [DUE_PK]: entry.pk, [DUE_SK]: entry.sk } }, { pk: Match.present() }),
  );
}

// ---------------------------------------------------------------------------
// Jobs

/**
 * What every job of the scheduled run reports (decision 109): the entries due
 * when it looked, those it acted on (sent, expired, charged), and those it
 * left due for the next run (not reached before the deadline, held by another
 * run, changed meanwhile). The rest (`due - done - left`) were settled
 * without acting: nothing to do any more.
 */
export type JobReport = { due: number; done: number; left: number };

/** One job of the scheduled run: given the run's clock and deadline, it drains its queue. */
export type Job = { name: string; run(now: Date, deadline: Deadline): Promise<JobReport> };

/** What a job did with one entry: acted on it, settled it without acting, or left it due. */
export type Outcome = 'done' | 'dropped' | 'left';

/**
 * The loop of every job: pages of `queue`'s entries due by `until`,
 * `concurrency` at once, at most `perRun` entries (then the next run goes on),
 * none taken once `deadline` has passed (they stay due). An entry whose `act`
 * throws is logged and left due.
 */
export async function drainDue(
  queue: DueQueueName,
  until: string | number | Date,
  options: { deadline?: Deadline; concurrency?: number; pageSize?: number; perRun?: number },
  act: (due: Due) => Promise<Outcome>,
): Promise<JobReport> {
  const report: JobReport = { due: 0, done: 0, left: 0 };
  const pageSize = options.pageSize ?? 100;
  let cursor: string | null = null;
  // The first page is read even past the deadline, so the report says what is due.
  do {
    const room = options.perRun === undefined ? pageSize : Math.min(pageSize, options.perRun - report.due);
    if (room <= 0) break;
    const page = await duePage(queue, until, { limit: room, cursor });
    report.due += page.items.length;
    const entries = [...page.items];
    let taken = 0;
    const worker = async () => {
      // Past the deadline no further entry is taken: it stays due for the next run.
      for (let due = entries.shift(); due && !pastDeadline(options.deadline); due = entries.shift()) {
        taken += 1;
        const outcome = await act(due).catch((error: unknown) => {
          console.error(
            JSON.stringify({
              level: 'error',
              job: 'cron',
              queue,
              msg: 'not done; the next run tries again',
              id: due?.id,
              error: String(error),
            }),
          );
          return 'left' as const;
        });
        if (outcome === 'done') report.done += 1;
        if (outcome === 'left') report.left += 1;
      }
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 1 }, worker));
    report.left += page.items.length - taken;
    cursor = page.cursor;
  } while (cursor && !pastDeadline(options.deadline));
  return report;
}

/**
 * A migration step's page (decision 109): the items an earlier release kept
 * in its own queue (`old`: an index and partition) are moved onto the due
 * queue: each gets the entry its entity's definition gives it now and loses
 * the old index's keys, on condition that those are unchanged since read.
 */
export async function moveOntoDueQueue<Rec extends Record<string, unknown>, K extends Partial<Rec>>(
  entity: Entity<Rec, K>,
  old: { index: 'byCollection' | 'unsentMail' | 'pendingAcknowledgments'; partition: string },
  cursor: string | null,
  pageSize: number,
): Promise<{ changed: number; cursor: string | null }> {
  const names = indexAttributes(old.index);
  const page = await entity.queryKeys({
    index: old.index,
    partition: old.partition,
    limit: pageSize,
    cursor,
  });
  let changed = 0;
  for (const raw of await batchGetItems(page.items)) {
    if (!entity.is(raw) || raw[names.partitionKey] !== old.partition) continue;
    const record = entity.parse(raw);
    const now = entity.item(record);
    const entry = now[DUE_PK] === undefined ? {} : { [DUE_PK]: now[DUE_PK], [DUE_SK]: now[DUE_SK] };
    const moved = await entity.update(
      record as unknown as K,
      updateOf(
        { set: entry, remove: [names.partitionKey, names.sortKey] },
        { [names.partitionKey]: old.partition, [names.sortKey]: raw[names.sortKey] },
      ),
    );
    if (moved) changed += 1;
  }
  return { changed, cursor: page.cursor };
}
