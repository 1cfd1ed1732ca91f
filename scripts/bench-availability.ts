/**
 * `npm run bench -- availability` (issue 32, decision 112): availability at a
 * saved address against the catalogue read, side by side on one local stack
 * of its own, both at concurrency 50, in the same run:
 * - `GET /api/services` (the catalogue: one cached read);
 * - `GET /api/services/{id}/availability?date=…&addressId=…` as the booking
 *   page asks it, signed in, for a saved address away from the base, on a day
 *   that holds a few jobs.
 * The two are measured in alternating rounds (catalogue, address, catalogue,
 * address …) so a busy moment of the machine colours both alike. Budget: the
 * address's p99 within twice the catalogue's.
 */
import { rmSync } from 'node:fs';
import { useRunningStack } from '../functions/src/local/stack-file';
import { type BenchStack, startStack, stopStack } from './bench-stack';

export const AVAILABILITY_CONCURRENCY = 50;
/** Availability at a saved address may cost at most this many times the catalogue read's p99. */
export const AVAILABILITY_RATIO_BUDGET = 2;
const ROUNDS = 6;
const PER_ROUND = 300;
const WARM_UP = 200;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type Latency = { p50: number; p99: number; requests: number };
export type AvailabilityFigures = { catalogue: Latency; atAddress: Latency; offered: number; seeded: number };

async function measure(stack: BenchStack): Promise<AvailabilityFigures> {
  const url = stack.url;
  useRunningStack(stack.dataDir);
  process.env.PASSWORD_COST_LOG2 ??= '10';
  const { createUserWithCard } = await import('../tests/factories');
  const login = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin-password' }),
  });
  const { token: adminToken } = (await login.json()) as { token: string };
  const created = await fetch(`${url}/api/services`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-token': adminToken },
    body: JSON.stringify({
      name: `Availability bench ${Date.now()}`,
      description: 'An hour-long job, bookable every half hour of the day.',
      price: 80,
      duration: 60,
      availableDays: [],
      availableTimes: Array.from({ length: 20 }, (_, i) => {
        const minutes = 8 * 60 + i * 30;
        return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      }),
    }),
  });
  if (created.status !== 201) throw new Error(`creating the bench service answered ${created.status}`);
  const { _id: serviceId } = (await created.json()) as { _id: string };

  // The customer who asks: a card, and a saved address away from the base (geocoded by the stand-in).
  const customer = await createUserWithCard({}, undefined, { address: false });
  const headers = { 'content-type': 'application/json', 'x-auth-token': customer.token };
  const saved = await fetch(`${url}/api/users/me/addresses`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ street: '400 Main St', city: 'Collegeville', state: 'PA', zipCode: '19426' }),
  });
  if (saved.status !== 201) throw new Error(`saving the address answered ${saved.status}`);
  const { _id: addressId } = (await saved.json()) as { _id: string };

  // A few jobs on the day, at the customer's place, so the route check has neighbours to fit between.
  const date = dayAhead(3);
  let seeded = 0;
  for (const at of ['08:00', '11:00', '14:00']) {
    const booked = await fetch(`${url}/api/bookings`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        clientFirstName: 'Bench',
        clientLastName: 'Driver',
        vehicleMake: 'Honda',
        vehicleModel: 'Civic',
        vehicleYear: 2018,
        vehicleColor: 'Silver',
        notes: '',
        serviceId,
        date,
        time: at,
        addressId,
      }),
    });
    await booked.arrayBuffer();
    if (booked.status === 201) seeded += 1;
  }

  const catalogue = { url: `${url}/api/services`, headers: {} };
  const atAddress = {
    url: `${url}/api/services/${serviceId}/availability?date=${date}&addressId=${addressId}`,
    headers: { 'x-auth-token': customer.token },
  };
  const first = await fetch(atAddress.url, { headers: atAddress.headers });
  if (!first.ok) throw new Error(`availability at the address answered ${first.status}`);
  const offered = ((await first.json()) as { times: string[] }).times.length;

  const run = async (target: { url: string; headers: Record<string, string> }, requests: number) => {
    const samples: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: AVAILABILITY_CONCURRENCY }, async () => {
        while (next < requests) {
          next += 1;
          const t = performance.now();
          const response = await fetch(target.url, { headers: target.headers });
          await response.arrayBuffer();
          if (!response.ok) throw new Error(`${target.url} answered ${response.status}`);
          samples.push(performance.now() - t);
        }
      }),
    );
    return samples;
  };
  // Warm both first (the process's JIT, the drive-time cache), so neither pays for the other.
  await run(catalogue, WARM_UP);
  await run(atAddress, WARM_UP);
  const samples = { catalogue: [] as number[], atAddress: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    samples.catalogue.push(...(await run(catalogue, PER_ROUND)));
    samples.atAddress.push(...(await run(atAddress, PER_ROUND)));
  }
  const latency = (all: number[]): Latency => {
    const sorted = [...all].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), requests: sorted.length };
  };
  return { catalogue: latency(samples.catalogue), atAddress: latency(samples.atAddress), offered, seeded };
}

export async function measureAvailability(): Promise<AvailabilityFigures> {
  console.log('Starting the local stack for availability at a saved address ...');
  const stack = await startStack({});
  try {
    return await measure(stack);
  } finally {
    await stopStack(stack);
    rmSync(stack.dataDir, { recursive: true, force: true });
  }
}
