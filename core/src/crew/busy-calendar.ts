import * as z from 'zod';
import { assertAdmin, useActor } from '../actor';
import { calendarAddressProblem, fetchUrlOf, maskAddress } from '../calendar/address';
import { atMost, busyIntervals, byDay, NotACalendar } from '../calendar/busy';
import { config } from '../config';
import {
  defineDueQueue,
  drainDue,
  type JobReport,
  lease,
  queueEntry,
  settle,
  settleItem,
} from '../db/due-queue';
import {
  cond,
  defineEntity,
  failedConditions,
  inCollection,
  type TransactItem,
  transactWrite,
} from '../db/entity';
import { VisibleError } from '../error';
import { list, me } from '../technician/technician';
import { MAX_TECHNICIANS, namedTechnician } from '../technician/store';
import * as time from '../time';
import type { Deadline } from '../util/deadline';
import { fn } from '../util/fn';
import { clearBusyItem, MAX_BUSY_PER_DAY, stored, storedBusy, writeBusyItem } from './busy';

/**
 * A technician's own calendar address and its scheduled read (issue 36,
 * decision 119). One item per technician holds the address (a secret: only
 * they and the admin read it), the version every change raises, the dates
 * its busy time is stored on (busy.ts), the last good read and, while reads
 * fail, since when and why (the admin's Today shows it). It waits in the
 * `busy-calendars` due queue; each scheduled run reads the addresses due
 * (one fetch each, bounded in time and size), and writes the busy days that
 * changed and the item's new version in one transaction on condition that
 * the version is still the one read: two runs at once, or a run and a change
 * of address, leave one consistent set. A read that fails writes no busy day:
 * the last good busy time stays, and a calendar never read blocks nothing.
 */
export namespace BusyCalendar {
  export const messages = {
    notFound: 'Technician not found.',
    changed: 'The calendar address changed meanwhile. Please try again.',
  } as const;

  /** Redirects followed at most (each checked as the address is). */
  const MAX_REDIRECTS = 3;

  /** While one run reads an address, another passes it by. */
  const LEASE_MS = 120_000;

  const Stored = z.object({
    technician: z.number().int().positive(),
    address: z.string(),
    /** Raised by every change of the address and every good read: the read's condition. */
    version: z.number().int().nonnegative(),
    /** When the next read is due. */
    dueAt: z.string(),
    /** The dates (business zone) holding busy time from this address. */
    days: z.array(z.string()),
    /** The last good read. */
    readAt: z.string().optional(),
    /** Since when reads fail, and the last one's reason (cleared by a good read). */
    failedAt: z.string().optional(),
    error: z.string().optional(),
    leaseUntil: z.number().optional(),
    updatedAt: z.string(),
  });
  type Stored = z.infer<typeof Stored>;

  const entity = defineEntity({
    name: 'busyCalendar',
    version: 1,
    schema: Stored,
    key: ({ technician }: { technician: number }) => ({ pk: `BUSYCAL#${technician}`, sk: 'BUSYCAL' }),
    patterns: {
      /** Every technician's address (Today's failing ones). */
      all: inCollection('BUSYCAL', (c: Stored) => String(c.technician).padStart(4, '0')),
    },
    indexes: { dueWork: (c) => queueEntry('busy-calendars', c.dueAt, String(c.technician)) },
    smallCollection: { why: 'one calendar address per technician', atMost: MAX_TECHNICIANS },
  });

  const queue = defineDueQueue('busy-calendars', entity, (id) => ({ technician: Number(id) }));

  /** What the technician and the admin see of an address. */
  export type View = {
    address: string;
    masked: string;
    readAt: string | null;
    failedAt: string | null;
    error: string | null;
  };

  const viewOf = (c: Stored): View => ({
    address: c.address,
    masked: maskAddress(c.address),
    readAt: c.readAt ?? null,
    failedAt: c.failedAt ?? null,
    error: c.error ?? null,
  });

  /** An admin names the technician (`?technician=`); a technician reads and sets their own. */
  export const WhoseInput = z.object({ technician: namedTechnician });
  export const AddressInput = z.object({
    address: z
      .string(calendarAddressProblem(undefined))
      .trim()
      .superRefine((value, ctx) => {
        const problem = calendarAddressProblem(value, { local: config().mode === 'local' });
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  });

  export const ownerMessages = {
    whose: 'Name the technician whose calendar address this is.',
    notYours: 'You can only change your own calendar address.',
  } as const;

  /**
   * Whose address: the admin names the technician (400 without one, 404 for
   * an unknown number); a technician is themselves (403 naming another); 403
   * for anyone else.
   */
  async function ownerOf(requested: number | undefined): Promise<number> {
    const actor = useActor();
    if (actor.type === 'system' || (actor.type === 'user' && actor.role === 'admin')) {
      if (requested === undefined) throw new VisibleError('invalid', ownerMessages.whose);
      if (!(await list()).some((t) => t.number === requested)) {
        throw new VisibleError('not_found', messages.notFound);
      }
      return requested;
    }
    const mine = await me();
    if (requested !== undefined && requested !== mine.number) {
      throw new VisibleError('forbidden', ownerMessages.notYours);
    }
    return mine.number;
  }

  /** The technician's address and its state, or null (the admin naming them, or they themselves). */
  export const get = fn(WhoseInput, async (whose): Promise<View | null> => {
    const technician = await ownerOf(whose.technician);
    const found = await entity.get({ technician }, { consistent: true });
    return found ? viewOf(found) : null;
  });

  /**
   * Sets (or, with null, removes) `technician`'s address: the busy time of
   * the address before is removed in the same transaction, and a new one is
   * read by the next scheduled run.
   */
  export const set = fn(
    z.tuple([WhoseInput, AddressInput.nullable()]),
    async (whose, input): Promise<View | null> => {
      const technician = await ownerOf(whose.technician);
      const read = await entity.get({ technician }, { consistent: true });
      const now = new Date().toISOString();
      const when = read ? cond.eq('version', read.version) : cond.itemAbsent();
      const next: Stored | null = input
        ? {
            technician,
            address: input.address,
            version: (read?.version ?? 0) + 1,
            dueAt: now,
            days: [],
            updatedAt: now,
          }
        : null;
      const today = time.today();
      try {
        await transactWrite([
          next ? entity.tx.put(next, { when }) : entity.tx.delete({ technician }, when),
          ...(read?.days ?? [])
            .filter((date) => date >= today)
            .map((date) => clearBusyItem(technician, date)),
        ]);
      } catch (error) {
        if (failedConditions(error)?.includes(0)) throw new VisibleError('conflict', messages.changed);
        throw error;
      }
      return next ? viewOf(next) : null;
    },
  );

  /** An address whose reads fail, as the admin's Today lists it. */
  export type Failing = {
    technician: number;
    firstName: string;
    lastName: string;
    masked: string;
    error: string;
    failedAt: string;
    readAt: string | null;
  };

  /** Every technician's address whose last read failed (admin; at most one per technician). */
  export async function failing(): Promise<Failing[]> {
    assertAdmin();
    const all = await entity.readSmallCollection(entity.where('all', {}));
    const broken = all.filter((c) => c.error);
    if (broken.length === 0) return [];
    const names = new Map((await list()).map((t) => [t.number, t]));
    return broken.map((c) => ({
      technician: c.technician,
      firstName: names.get(c.technician)?.firstName ?? 'Technician',
      lastName: names.get(c.technician)?.lastName ?? String(c.technician),
      masked: maskAddress(c.address),
      error: c.error ?? '',
      failedAt: c.failedAt ?? c.updatedAt,
      readAt: c.readAt ?? null,
    }));
  }

  // -------------------------------------------------------------------------
  // The scheduled read

  /** Why a read failed, in words the admin reads on Today. */
  class Unreadable extends Error {}

  /** The calendar's text: plain `fetch`, within the timeout and the size limit. */
  async function fetchCalendar(address: string): Promise<string> {
    const { busyCalendarTimeoutMs, busyCalendarMaxKb } = config();
    const limit = busyCalendarMaxKb * 1024;
    const tooBig = `The calendar is larger than ${busyCalendarMaxKb} KB.`;
    const local = config().mode === 'local';
    const signal = AbortSignal.timeout(busyCalendarTimeoutMs);
    let response: Response;
    let url = fetchUrlOf(address);
    try {
      // Redirects are followed by hand, each checked as the address was (never into this machine on AWS).
      for (let hop = 0; ; hop += 1) {
        response = await fetch(url, {
          headers: { Accept: 'text/calendar, */*;q=0.5' },
          redirect: 'manual',
          signal,
        });
        const next = response.headers.get('location');
        if (response.status < 300 || response.status >= 400 || !next) break;
        await response.body?.cancel().catch(() => undefined);
        url = new URL(next, url).toString();
        if (hop >= MAX_REDIRECTS || calendarAddressProblem(url, { local })) {
          throw new Unreadable('The calendar address redirects somewhere it may not be read from.');
        }
      }
    } catch (error) {
      if (error instanceof Unreadable) throw error;
      throw new Unreadable(
        error instanceof Error && error.name === 'TimeoutError'
          ? `The calendar address did not answer within ${busyCalendarTimeoutMs / 1000} s.`
          : 'The calendar address could not be reached.',
      );
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new Unreadable(
        `The calendar address answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`,
      );
    }
    if (Number(response.headers.get('content-length') ?? 0) > limit) {
      await response.body?.cancel().catch(() => undefined);
      throw new Unreadable(tooBig);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body ?? []) {
        size += chunk.byteLength;
        if (size > limit) throw new Unreadable(tooBig);
        chunks.push(chunk);
      }
    } catch (error) {
      if (error instanceof Unreadable) throw error;
      throw new Unreadable('The calendar address stopped answering part way.');
    }
    return new TextDecoder().decode(Buffer.concat(chunks));
  }

  /** The dates the busy time is kept for, from `now`'s date on. */
  function horizon(now: Date): string[] {
    const first = time.today(now);
    return Array.from({ length: config().busyCalendarDays }, (_, i) => time.addDays(first, i));
  }

  /**
   * The busy days' writes for what `text` says, beside what is stored: the
   * days that changed, and the days no longer busy removed; and the dates now busy.
   */
  async function busyWrites(feed: Stored, text: string, now: Date) {
    const dates = horizon(now);
    const last = dates.at(-1)!;
    const window = {
      start: Date.parse(time.instantOf(dates[0]!, '00:00')),
      end: Date.parse(time.instantOf(time.addDays(last, 1), '00:00')),
    };
    const days = byDay(busyIntervals(text, window), dates);
    const before = feed.days.filter((date) => date >= dates[0]!);
    const known = await storedBusy(feed.technician, [...new Set([...before, ...days.keys()])]);
    const items: TransactItem[] = [];
    for (const [date, intervals] of days) {
      const kept = atMost(intervals, MAX_BUSY_PER_DAY);
      if (JSON.stringify(known.get(date)) !== JSON.stringify(stored(kept))) {
        items.push(writeBusyItem(feed.technician, date, kept));
      }
    }
    for (const date of before) if (!days.has(date)) items.push(clearBusyItem(feed.technician, date));
    return { items, days: [...days.keys()] };
  }

  /**
   * Reads one due address: 'done' (read, its busy days written), 'dropped'
   * (read failed: recorded, busy days kept) or 'left' (another run holds it,
   * or it changed meanwhile).
   */
  async function readOne(id: string, now: Date): Promise<'done' | 'dropped' | 'left'> {
    const feed = await lease(queue, { id }, { ms: LEASE_MS, now: Date.now() });
    if (!feed) return 'left';
    // The run's clock (a moved one in tests, as the other jobs take it).
    const at = now.toISOString();
    const next = new Date(now.getTime() + config().busyCalendarEveryMinutes * 60_000).toISOString();
    const unchanged = { version: feed.version };
    try {
      const text = await fetchCalendar(feed.address);
      const { items, days } = await busyWrites(feed, text, now);
      await transactWrite([
        settleItem(queue, id, {
          set: { days, readAt: at, dueAt: next, updatedAt: at },
          add: { version: 1 },
          remove: ['error', 'failedAt'],
          retryAt: next,
          when: unchanged,
        }),
        ...items,
      ]);
      return 'done';
    } catch (error) {
      if (failedConditions(error) !== null) return 'left';
      if (!(error instanceof Unreadable || error instanceof NotACalendar)) throw error;
      await settle(queue, id, {
        set: { error: error.message, failedAt: feed.failedAt ?? at, dueAt: next, updatedAt: at },
        retryAt: next,
        when: unchanged,
      });
      return 'dropped';
    }
  }

  /**
   * The scheduled job's step: reads every address due by `now` (4 at once,
   * none started after `deadline`). Safe to run twice at once.
   */
  export function readDue(now = new Date(), options: { deadline?: Deadline } = {}): Promise<JobReport> {
    assertAdmin();
    return drainDue(
      'busy-calendars',
      now,
      { deadline: options.deadline, concurrency: 4, pageSize: MAX_TECHNICIANS, perRun: MAX_TECHNICIANS },
      async (due) => {
        const outcome = await readOne(due.id, now);
        // A failed read is reported as left: the next run tries it again.
        return outcome === 'dropped' ? 'left' : outcome;
      },
    );
  }
}
