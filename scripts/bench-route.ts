/**
 * `npm run bench -- route` (issue 20, decision 066): the technicians' routes on
 * a local stack of their own with three technicians.
 * - Availability at an address (`?zipCode=`), p50 / p99 at concurrency 16, on a
 *   day that already holds ten jobs across three technicians at places far
 *   apart (budget: p99 ≤ 300 ms).
 * - The 50-way race: 50 customers book 50 adjacent quarter hours of one day at
 *   once, at eight places 11 to 23 miles from the base in different directions;
 *   its time and outcome (how many the three routes took, how many 409).
 * Customers are made in the stack's table with a card and a default address
 * (tests/factories.ts), as the booking bench does.
 */
import { useRunningStack } from '../functions/src/local/stack-file';
import { book, clockTime, createService } from './bench-api';
import { getOk, latencyOf, timeCalls } from './bench-latency';
import { type BenchStack, withStack } from './bench-stack';

export const ROUTE_P99_BUDGET_MS = 300;
const CONCURRENCY = 16;
const REQUESTS = 1000;
const ZIPS = ['19103', '19464', '19350', '19063', '19403', '19010', '19426', '19320'];

/** Quarter hours from 07:00. */
const quarter = (i: number) => clockTime(7, 15, i);

const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type Latency = ReturnType<typeof latencyOf> & { offered: number };

export type RouteFigures = {
  seeded: number;
  availability: Latency;
  fromBase: Latency;
  race: { booked: number; refused: number; other: number; ms: number };
};

/** The technicians the bench's stack has (the seed makes two; the bench names a third). */
const CREW = 3;

async function measure(stack: BenchStack): Promise<RouteFigures> {
  const url = stack.url;
  useRunningStack(stack.dataDir);
  process.env.PASSWORD_COST_LOG2 ??= '10';
  // Three technicians (the seed's two and one more), every day, the whole day (decision 078).
  const { asSystem } = await import('@app/core/actor');
  const { Technician } = await import('@app/core/technician/index');
  await asSystem('bench', () => Technician.ensureNumbered(CREW));
  const { createUserWithCard } = await import('../tests/factories');
  const serviceId = await createService(url, {
    name: `Route bench ${Date.now()}`,
    description: 'A half-hour job, bookable every quarter hour.',
    price: 50,
    duration: 30,
    availableTimes: Array.from({ length: 50 }, (_, i) => quarter(i)),
  });

  const customers: Awaited<ReturnType<typeof createUserWithCard>>[] = [];
  while (customers.length < 60)
    customers.push(...(await Promise.all([1, 2, 3].map(() => createUserWithCard()))));
  const bookAt = async (i: number, date: string, at: string, zipCode: string) => {
    const customer = customers[i];
    if (!customer) throw new Error('customers missing');
    return book(url, customer.token, {
      clientLastName: `Driver${i}`,
      serviceId,
      date,
      time: at,
      serviceAddress: { street: `${i + 1} Bench Rd`, city: 'Bench', state: 'PA', zipCode },
    });
  };

  // Ten jobs on one day, one after the other, across the three technicians.
  const seededDay = dayAhead(3);
  let seeded = 0;
  for (let i = 0; i < 50 && seeded < 10; i += 3) {
    if ((await bookAt(seeded, seededDay, quarter(i), ZIPS[seeded % ZIPS.length] ?? '19103')) === 201)
      seeded += 1;
  }

  const latency = async (target: string) => {
    const offered = ((await (await fetch(target)).json()) as { times: string[] }).times.length;
    const samples = await timeCalls(() => getOk(target), { concurrency: CONCURRENCY, requests: REQUESTS });
    return { ...latencyOf(samples), offered };
  };
  const path = `${url}/api/services/${serviceId}/availability?date=${seededDay}`;
  // Warm both kinds of request first (the process's JIT, the drive-time cache), so neither pays for the other.
  for (let i = 0; i < 100; i += 1) {
    for (const target of [`${path}&zipCode=19382`, path]) await (await fetch(target)).arrayBuffer();
  }
  const atAddress = await latency(`${path}&zipCode=19382`);
  // The same day without an address (from the base), for comparison on the same machine at the same moment.
  const fromBase = await latency(path);

  const raceDay = dayAhead(4);
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      bookAt(10 + i, raceDay, quarter(i), ZIPS[i % ZIPS.length] ?? '19103'),
    ),
  );
  const ms = performance.now() - started;
  const booked = statuses.filter((s) => s === 201).length;
  const refused = statuses.filter((s) => s === 409).length;
  return {
    seeded,
    availability: atAddress,
    fromBase,
    race: { booked, refused, other: 50 - booked - refused, ms },
  };
}

export async function measureRoute(): Promise<RouteFigures> {
  console.log(`Starting the local stack for the routes (npm start, ${CREW} technicians) ...`);
  return withStack({}, measure);
}
