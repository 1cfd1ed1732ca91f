import { afterEach, describe, expect, it, vi } from 'vitest';
import { withActor } from '../actor';
import { db } from '../db/client';
import { today } from '../time';
import { DASHBOARD_READS, dashboard } from './dashboard';
import { entriesBetween } from './ledger';
import { seedHistory } from './seed';

/**
 * Five years of payments (written directly, in batches): the dashboard still
 * reads a fixed handful of items, and a page of the export stays within its size.
 */

const admin = {
  type: 'user',
  userId: 'usr_01JADM1N000000000000000000',
  role: 'admin',
  firstName: 'A',
} as const;

/** Counts the items DynamoDB hands back (and the requests) while `body` runs. */
async function reads<T>(body: () => Promise<T>): Promise<{ value: T; items: number; requests: number }> {
  const client = db();
  const send = client.send.bind(client);
  let items = 0;
  let requests = 0;
  const spy = vi.spyOn(client, 'send').mockImplementation((async (command: never) => {
    requests += 1;
    const out = (await send(command)) as { Items?: unknown[]; Responses?: Record<string, unknown[]> };
    items += out.Items?.length ?? 0;
    for (const list of Object.values(out.Responses ?? {})) items += list.length;
    return out;
  }) as never);
  try {
    return { value: await body(), items, requests };
  } finally {
    spy.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('revenue at five years', () => {
  it('the dashboard reads a bounded number of items whatever the history', { timeout: 180_000 }, async () => {
    const seeded = await seedHistory({ until: today(), days: 5 * 365, perDay: 6 });
    expect(seeded.entries).toBe(10_950);
    const { value, items, requests } = await reads(() => withActor(admin, () => dashboard()));
    expect(items).toBeLessThanOrEqual(DASHBOARD_READS);
    expect(requests).toBe(2);
    expect(value.weeks).toHaveLength(12);
    expect(value.weeks.every((w) => w.revenueCents > 0)).toBe(true);
    expect(value.thisMonth.jobs).toBeGreaterThan(0);
    expect(value.lastMonth.jobs).toBeGreaterThan(100);
    expect(value.byService).toHaveLength(3);
    expect(value.byTechnician.map((t) => t.technician)).toEqual([1, 2]);
    expect(value.recent).toHaveLength(10);

    // A year's export page reads one page of entries, not the year. The widest range the export's
    // dates allow (calendarDate: 2000-01-01 up to ten years ahead) holds all five years.
    const page = await reads(() =>
      withActor(admin, () =>
        entriesBetween(
          { from: '2000-01-01', to: `${new Date().getUTCFullYear() + 5}-12-31` },
          { limit: 200 },
        ),
      ),
    );
    expect(page.value.items).toHaveLength(200);
    expect(page.items).toBeLessThanOrEqual(201);
    expect(page.value.cursor).not.toBeNull();
  });
});
