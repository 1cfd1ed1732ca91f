/**
 * `npm run bench -- revenue` (issue 23): five years of payments and refunds written directly into a fresh
 * local stack's table, in batches (core/src/revenue/seed.ts: ledger entries and the counters the write API
 * would have left), then the owner's dashboard and the accountant's export measured through the API
 * in this process: p50 / p99 at concurrency 4, and the items DynamoDB handed back for one call.
 *
 * Budget: the dashboard's p99 ≤ 300 ms, and it reads at most `DASHBOARD_READS` items whatever the history.
 */
import { useRunningStack } from '../functions/src/local/stack-file';
import { percentile, timeCalls } from './bench-latency';
import { withStack } from './bench-stack';

const YEARS = 5;
const PER_DAY = Number(process.env.PER_DAY ?? 10);
const CONCURRENCY = 4;
const REQUESTS = 200;
const EXPORT_REQUESTS = 20;
export const REVENUE_BUDGET_MS = 300;

export type RevenueRow = { name: string; p50: number; p99: number; items: number; bytes: number };

export async function measureRevenue() {
  console.log('Starting a fresh local stack (npm start) for the revenue bench ...');
  return withStack({}, async (stack) => {
    useRunningStack(stack.dataDir);
    const { app } = await import('../functions/src/api/index');
    const { db } = await import('@app/core/db/client');
    const { seedHistory } = await import('@app/core/revenue/seed');
    const { DASHBOARD_READS } = await import('@app/core/revenue/dashboard');
    const { today, addDays } = await import('@app/core/time');
    const { createUser } = await import('../tests/factories');
    const admin = await createUser({ role: 'admin', firstName: 'Bench' });

    const until = today();
    console.log(`Seeding ${YEARS} years of payments (${PER_DAY} a day) in batches ...`);
    const started = performance.now();
    const seeded = await seedHistory({ until, days: YEARS * 365, perDay: PER_DAY });
    const seedSeconds = (performance.now() - started) / 1000;

    // Items DynamoDB hands back, counted at the document client.
    let items = 0;
    const client = db();
    const send = client.send.bind(client);
    client.send = (async (command: never) => {
      const out = (await send(command)) as { Items?: unknown[]; Responses?: Record<string, unknown[]> };
      items += out.Items?.length ?? 0;
      for (const list of Object.values(out.Responses ?? {})) items += list.length;
      return out;
    }) as typeof client.send;

    const get = (path: string) => app.request(path, { headers: admin.headers });
    async function measure(name: string, path: string, requests: number): Promise<RevenueRow> {
      items = 0;
      const once = await get(path);
      const bytes = (await once.arrayBuffer()).byteLength;
      if (once.status !== 200) throw new Error(`${name}: GET ${path} answered ${once.status}`);
      const itemsOnce = items;
      const samples = await timeCalls(async () => (await get(path)).arrayBuffer(), {
        concurrency: CONCURRENCY,
        requests,
      });
      return { name, p50: percentile(samples, 50), p99: percentile(samples, 99), items: itemsOnce, bytes };
    }

    const month = addDays(until, -30);
    const year = addDays(until, -365);
    const rows = [
      await measure('dashboard (GET /api/admin/revenue)', '/api/admin/revenue', REQUESTS),
      await measure(
        'export: the last 30 days (CSV)',
        `/api/admin/revenue/export.csv?from=${month}&to=${until}`,
        EXPORT_REQUESTS,
      ),
      await measure(
        'export: the last year (CSV)',
        `/api/admin/revenue/export.csv?from=${year}&to=${until}`,
        EXPORT_REQUESTS,
      ),
    ];
    const dashboard = rows[0] as RevenueRow;
    const failures = [
      ...(dashboard.p99 > REVENUE_BUDGET_MS
        ? [`revenue dashboard: p99 ${dashboard.p99.toFixed(0)} ms > ${REVENUE_BUDGET_MS} ms`]
        : []),
      ...(dashboard.items > DASHBOARD_READS
        ? [`revenue dashboard: read ${dashboard.items} items > ${DASHBOARD_READS}`]
        : []),
    ];
    return { seeded, seedSeconds, rows, failures, readBudget: DASHBOARD_READS };
  });
}
