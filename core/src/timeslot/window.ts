import { assertAdmin } from '../actor';
import type { Service } from '../service/index';
import * as time from '../time';
import { entity, guard, latestBetween, markSlotSystem, record, type Stored } from './store';

/**
 * Gives a service slots for every date from `from` for `days` days from its
 * availableDays (every day when empty) × availableTimes, continuing after
 * the last slot it already has, so a later run tops up without duplicating
 * and without bringing back a slot an admin deleted. For the local seed and
 * its daily top-up, which run alone: the slots and their guards are
 * bulk-written without conditions (a transaction per slot made the first
 * start 20 s slower). Admin or system. Returns how many it created.
 */
export async function ensureWindow(service: Service.Info, from = time.today(), days = 30): Promise<number> {
  assertAdmin();
  if (service.availableTimes.length === 0) return 0;
  const last = time.addDays(from, days - 1);
  const latest = (await latestBetween(service._id, from, last))?.date;
  const start = latest && latest >= from ? time.addDays(latest, 1) : from;
  const slots: Stored[] = [];
  const now = new Date().toISOString();
  for (let date = start; date <= last; date = time.addDays(date, 1)) {
    const open = service.availableDays.length === 0 || service.availableDays.includes(time.weekdayOf(date));
    if (!open) continue;
    for (const at of [...new Set(service.availableTimes)].sort()) {
      slots.push(record(service._id, date, at, '', now));
    }
  }
  if (slots.length > 0) await markSlotSystem(service._id);
  await guard.putMany(
    slots.map((s) => ({ serviceId: s.serviceId, date: s.date, time: s.time, slotId: s.id })),
  );
  await entity.putMany(slots);
  return slots.length;
}
