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
import { useRunningStack } from '../functions/src/local/stack-file';
import { book, clockTime, createService } from './bench-api';
import { getOk, type Latency, latencyOf, timeCalls } from './bench-latency';
import { type BenchStack, withStack } from './bench-stack';

export const AVAILABILITY_CONCURRENCY = 50;
/** Availability at a saved address may cost at most this many times the catalogue read's p99. */
export const AVAILABILITY_RATIO_BUDGET = 2;
const ROUNDS = 6;
const PER_ROUND = 300;
const WARM_UP = 200;

const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export type AvailabilityFigures = { catalogue: Latency; atAddress: Latency; offered: number; seeded: number };

async function measure(stack: BenchStack): Promise<AvailabilityFigures> {
  const url = stack.url;
  useRunningStack(stack.dataDir);
  process.env.PASSWORD_COST_LOG2 ??= '10';
  const { createUserWithCard } = await import('../tests/factories');
  const serviceId = await createService(url, {
    name: `Availability bench ${Date.now()}`,
    description: 'An hour-long job, bookable every half hour of the day.',
    price: 80,
    duration: 60,
    availableTimes: Array.from({ length: 20 }, (_, i) => clockTime(8, 30, i)),
  });

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
    const status = await book(url, customer.token, {
      clientLastName: 'Driver',
      serviceId,
      date,
      time: at,
      addressId,
    });
    if (status === 201) seeded += 1;
  }

  const catalogue = { url: `${url}/api/services`, headers: {} };
  const atAddress = {
    url: `${url}/api/services/${serviceId}/availability?date=${date}&addressId=${addressId}`,
    headers: { 'x-auth-token': customer.token },
  };
  const first = await fetch(atAddress.url, { headers: atAddress.headers });
  if (!first.ok) throw new Error(`availability at the address answered ${first.status}`);
  const offered = ((await first.json()) as { times: string[] }).times.length;

  const run = (target: { url: string; headers: Record<string, string> }, requests: number) =>
    timeCalls(() => getOk(target.url, target.headers), { concurrency: AVAILABILITY_CONCURRENCY, requests });
  // Warm both first (the process's JIT, the drive-time cache), so neither pays for the other.
  await run(catalogue, WARM_UP);
  await run(atAddress, WARM_UP);
  const samples = { catalogue: [] as number[], atAddress: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    samples.catalogue.push(...(await run(catalogue, PER_ROUND)));
    samples.atAddress.push(...(await run(atAddress, PER_ROUND)));
  }
  const latency = (all: number[]) => latencyOf([...all].sort((a, b) => a - b));
  return { catalogue: latency(samples.catalogue), atAddress: latency(samples.atAddress), offered, seeded };
}

export async function measureAvailability(): Promise<AvailabilityFigures> {
  console.log('Starting the local stack for availability at a saved address ...');
  return withStack({}, measure);
}
