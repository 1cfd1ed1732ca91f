import { asSystem } from '@app/core/actor';
import { Service } from '@app/core/service/index';
import * as time from '@app/core/time';
import { TimeSlot } from '@app/core/timeslot/index';
import { describe, expect, it } from 'vitest';
import { json } from '../../../tests/factories';
import { app } from '../api/index';
import { seed, seedServices, topUpSlots } from './seed';

const admin = { adminEmail: ' Admin@Example.com ', adminPassword: 'admin-password' };

describe('seed', () => {
  it('fills the catalogue once and changes nothing when run again', { timeout: 60_000 }, async () => {
    expect(await seed(admin)).toBe('seeded');
    expect(await seed(admin)).toBe('already seeded');

    const list = await json<{ name: string; duration: number | string }[]>(
      await app.request('/api/services'),
    );
    expect(list).toHaveLength(seedServices.length);
    expect(new Set(list.map((s) => s.name)).size).toBe(seedServices.length);
    expect(list.length).toBeGreaterThanOrEqual(6);
    // A mix of numeric and text durations, as the spec describes.
    expect(list.some((s) => typeof s.duration === 'number')).toBe(true);
    expect(list.some((s) => typeof s.duration === 'string' && /hour/.test(s.duration))).toBe(true);
    expect(list.some((s) => typeof s.duration === 'string' && /min/.test(s.duration))).toBe(true);
  });
});

/** Every slot of a service from `start` to `end`, following the pages (a test's few hundred). */
async function slotsBetween(serviceId: string, start: string, end: string): Promise<TimeSlot.Stored[]> {
  const out: TimeSlot.Stored[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: TimeSlot.Stored[]; cursor: string | null } = await TimeSlot.pageBetween(
      serviceId,
      start,
      end,
      { limit: 100, cursor },
    );
    out.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return out;
}

describe('the seeded time slots', () => {
  it('cover the next 30 days of every seeded service from its days × times, topped up without duplicates', async () => {
    await seed(admin);
    const today = time.today();
    const last = time.addDays(today, 29);
    for (const service of await Service.list()) {
      const slots = await slotsBetween(service._id, today, time.addDays(today, 60));
      const open = (date: string) =>
        service.availableDays.length === 0 || service.availableDays.includes(time.weekdayOf(date));
      let expected = 0;
      for (let date = today; date <= last; date = time.addDays(date, 1)) {
        if (open(date)) expected += service.availableTimes.length;
      }
      expect(slots, service.name).toHaveLength(expected);
      expect(slots.every((slot) => open(slot.date) && service.availableTimes.includes(slot.time))).toBe(true);
      expect(new Set(slots.map((slot) => `${slot.date} ${slot.time}`)).size).toBe(slots.length);
    }
    // A week later the window moves on: only the new days are added, none twice.
    const oil = (await Service.list()).find((s) => s.name === 'Mobile Oil Change');
    if (!oil) throw new Error('no oil change');
    const before = (await slotsBetween(oil._id, today, time.addDays(today, 60))).length;
    const added = await asSystem('test', () => TimeSlot.ensureWindow(oil, time.addDays(today, 7)));
    const after = await slotsBetween(oil._id, today, time.addDays(today, 60));
    expect(after).toHaveLength(before + added);
    expect(added).toBe(after.filter((slot) => slot.date > last).length);
    expect(new Set(after.map((slot) => `${slot.date} ${slot.time}`)).size).toBe(after.length);
    expect(await topUpSlots()).toBe(0);
  });
});
