import * as z from 'zod';
import { assertAdmin } from '../actor';
import { Service } from '../service/index';
import * as time from '../time';
import type { Page, PatternRange } from '../db/entity';
import { entity, Stored } from './store';
import { callerFirst, fn } from '../util/fn';

/**
 * The statistics count the slots of the next STATS_DAYS days, today
 * included (decision 062): a key range of the slot index bounded by dates,
 * not every slot from today to the 366-day creation horizon. At five years
 * of this shop (40,000 slots, about 22 a day) that is some 1,300 slots.
 */
export const STATS_DAYS = 60;

/**
 * The most slot items one statistics call reads (four read budgets). A
 * shop that outgrows it is counted up to the slot where the read stopped,
 * and the shortfall is logged, rather than the call reading on.
 */
export const STATS_READ_CAP = 2000;

/** What the counts need of a slot: a projection, so the reply from the index stays small. */
const countView = {
  attributes: ['serviceId', 'isAvailable', 'isBooked'] as const,
  schema: Stored.pick({ serviceId: true, isAvailable: true, isBooked: true }),
};

type CountedSlot = { serviceId: string; isAvailable: boolean; isBooked: boolean };
type Counts = { total: number; available: number; booked: number; services: Set<string> };

/** Counts the slots of one index range, in pages, up to STATS_READ_CAP items. */
async function count(range: PatternRange): Promise<Counts> {
  const counts: Counts = { total: 0, available: 0, booked: 0, services: new Set() };
  let cursor: string | null = null;
  do {
    const limit = Math.min(500, STATS_READ_CAP - counts.total);
    const page: Page<CountedSlot> = await entity.queryView(countView, {
      ...range,
      limit,
      budget: limit + 1,
      cursor,
    });
    for (const slot of page.items) {
      counts.total += 1;
      if (slot.isBooked) counts.booked += 1;
      else if (slot.isAvailable) counts.available += 1;
      counts.services.add(slot.serviceId);
    }
    cursor = page.cursor;
  } while (cursor && counts.total < STATS_READ_CAP);
  if (cursor) console.warn(`Slot statistics stopped at ${STATS_READ_CAP} slots of ${range.partition}.`);
  return counts;
}

/** The dates the statistics cover: today and the STATS_DAYS - 1 after it. */
const window = () => {
  const today = time.today();
  return { from: today, to: time.addDays(today, STATS_DAYS - 1) };
};

export type SystemStats = {
  totalSlots: number;
  availableSlots: number;
  bookedSlots: number;
  servicesWithSlots: number;
};

/**
 * The admin's overview (doc 1 §2): slots of the next STATS_DAYS days (past
 * ones are history, not capacity). Available means open and not booked.
 */
export async function systemStats(): Promise<SystemStats> {
  assertAdmin();
  const { from, to } = window();
  const counts = await count(entity.where('byDate', {}, { between: [{ date: from }, { date: to }] }));
  return {
    totalSlots: counts.total,
    availableSlots: counts.available,
    bookedSlots: counts.booked,
    servicesWithSlots: counts.services.size,
  };
}

export type Statistics = {
  totalSlots: number;
  availableSlots: number;
  bookedSlots: number;
  /** Booked as a percent of all, to one decimal. */
  utilizationRate: number;
};

/** The Time Slot Manager's statistics (doc 2 §3): slots of the next STATS_DAYS days. */
export async function statistics(): Promise<Statistics> {
  const { totalSlots, availableSlots, bookedSlots } = await systemStats();
  const utilizationRate = totalSlots ? Math.round((bookedSlots / totalSlots) * 1000) / 10 : 0;
  return { totalSlots, availableSlots, bookedSlots, utilizationRate };
}

/** One service's slots of the next STATS_DAYS days (doc 2 §3 per-service stats); 404 for an unknown service. */
export const serviceStats = fn(
  z.string(),
  async (serviceId) => {
    assertAdmin();
    await Service.fromId(serviceId);
    const { from, to } = window();
    const counts = await count(
      entity.where('byService', { serviceId }, { between: [{ date: from }, { date: to }] }),
    );
    return { total: counts.total, available: counts.available, booked: counts.booked };
  },
  callerFirst(assertAdmin),
);
