import * as z from 'zod';
import { defineEntity, indexAttributes, type TransactItem } from '../db/entity';
import { config } from '../config';
import * as time from '../time';

/**
 * The technicians' time (docs/decisions/024-crew-and-travel.md). A mobile
 * shop's limit is its vans: a booking keeps one technician busy for
 * [start, start + duration + travel buffer). That span is cut into 15-minute
 * blocks, and the booking's transaction writes one guard item per block for
 * the technician it takes (`attribute_not_exists`), so two bookings can never
 * hold the same technician at the same instant and more than the crew's size
 * can never overlap. The check and the claim are one atomic write.
 */
export namespace Crew {
  export const BLOCK_MINUTES = 15;
  const BLOCK_MS = BLOCK_MINUTES * 60_000;
  /** The blocks of one day. */
  const DAY_BLOCKS = (24 * 60) / BLOCK_MINUTES;
  /** Guards of past blocks are history; TTL removes them a week after. */
  const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

  export type Occupancy = {
    /** ISO UTC instants. */
    start: string;
    end: string;
    /** The 15-minute blocks it touches, as UTC instants ('2026-11-23T15:00Z'). */
    blocks: string[];
  };

  /** The time a booking at `date` `clock` (business zone) keeps its technician. */
  export function occupancy(
    date: string,
    clock: string,
    durationMinutes: number,
    bufferMinutes: number,
  ): Occupancy {
    const start = Date.parse(time.instantOf(date, clock));
    const end = start + (durationMinutes + bufferMinutes) * 60_000;
    const blocks: string[] = [];
    for (let at = Math.floor(start / BLOCK_MS) * BLOCK_MS; at < end; at += BLOCK_MS) {
      blocks.push(`${new Date(at).toISOString().slice(0, 16)}Z`);
    }
    return { start: new Date(start).toISOString(), end: new Date(end).toISOString(), blocks };
  }

  /**
   * The technicians (1 … crewSize) whose blocks in `busy` do not meet
   * `blocks`, in the order a claim tries them.
   */
  export function freeTechnicians(
    blocks: readonly string[],
    busy: ReadonlyMap<number, ReadonlySet<string>>,
    crewSize: number,
  ): number[] {
    const free: number[] = [];
    for (let technician = 1; technician <= crewSize; technician += 1) {
      const taken = busy.get(technician);
      if (!taken || !blocks.some((block) => taken.has(block))) free.push(technician);
    }
    return free;
  }

  const guard = defineEntity({
    name: 'crewBlock',
    version: 1,
    schema: z.object({
      block: z.string(),
      technician: z.number().int(),
      bookingId: z.string(),
      expiresAt: z.number().int(),
    }),
    key: ({ block, technician }: { block: string; technician: number }) => ({
      pk: `CREW#${block}#${technician}`,
      sk: 'CREW',
    }),
    indexes: {
      // The day's claims, for availability: at most 96 blocks × the crew's size a UTC day.
      byCollection: (g) => ({ pk: dayKey(g.block), sk: `${g.block}#${g.technician}` }),
    },
  });

  /** The partition of one UTC day's guards in `byCollection` (a block is '2026-11-23T15:00Z'). */
  export const dayKey = (block: string) => `CREW#${block.slice(0, 10)}`;

  /**
   * The technicians' blocks already claimed among `blocks`, by technician:
   * one query per UTC day the blocks touch (one or two), each over the range
   * from the first block to the last, reading only the small guard items.
   */
  export async function busy(blocks: readonly string[]): Promise<Map<number, Set<string>>> {
    const taken = new Map<number, Set<string>>();
    const sorted = [...new Set(blocks)].sort();
    const first = sorted[0];
    const last = sorted.at(-1);
    if (!first || !last) return taken;
    const days: string[] = [];
    for (let day = first.slice(0, 10); day <= last.slice(0, 10); day = time.addDays(day, 1)) days.push(day);
    // A day holds at most DAY_BLOCKS guards a technician: one page reads them all.
    const most = DAY_BLOCKS * config().crewSize;
    const pages = await Promise.all(
      days.map((day) =>
        guard.query({
          index: 'byCollection',
          partition: dayKey(day),
          sort: { between: [first, `${last}~`] },
          limit: most,
          budget: most + 1,
        }),
      ),
    );
    for (const g of pages.flatMap((page) => page.items)) {
      const set = taken.get(g.technician) ?? new Set<string>();
      set.add(g.block);
      taken.set(g.technician, set);
    }
    return taken;
  }

  /**
   * Gives a guard written before guards were indexed by day its index keys
   * (decision 050's backfill), while `bookingId` still holds it; false when
   * it needed none (indexed already, or no longer that booking's).
   */
  export async function indexGuard(block: string, technician: number, bookingId: string): Promise<boolean> {
    const names = indexAttributes('byCollection');
    const item = guard.item({ block, technician, bookingId, expiresAt: 0 });
    const updated = await guard.update(
      { block, technician },
      {
        UpdateExpression: 'SET #pk = :pk, #sk = :sk',
        ConditionExpression: 'bookingId = :booking AND attribute_not_exists(#pk)',
        ExpressionAttributeNames: { '#pk': names.partitionKey, '#sk': names.sortKey },
        ExpressionAttributeValues: {
          ':pk': item[names.partitionKey],
          ':sk': item[names.sortKey],
          ':booking': bookingId,
        },
      },
    );
    return updated !== null;
  }

  /** The guards that give `technician`'s `blocks` to `bookingId`; each fails if the block is taken. */
  export function claimItems(
    blocks: readonly string[],
    technician: number,
    bookingId: string,
  ): TransactItem[] {
    return blocks.map((block) =>
      guard.tx.put(
        {
          block,
          technician,
          bookingId,
          expiresAt: Math.floor((Date.parse(block) + BLOCK_MS + KEEP_MS) / 1000),
        },
        { ifAbsent: true },
      ),
    );
  }

  /** Gives the blocks back, only where `bookingId` still holds them. */
  export function releaseItems(
    blocks: readonly string[],
    technician: number,
    bookingId: string,
  ): TransactItem[] {
    return blocks.map((block) =>
      guard.tx.delete(
        { block, technician },
        { ConditionExpression: 'bookingId = :booking', ExpressionAttributeValues: { ':booking': bookingId } },
      ),
    );
  }
}
