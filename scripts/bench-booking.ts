/**
 * The booking figures of `npm run bench` (issue 10), measured against the
 * running local stack: 50 customers booking one time at once (one must win),
 * and the availability call's latency. The customers are made directly in the
 * stack's table with a card on file (tests/booking-factories.ts), as the
 * browser tests' fixtures do.
 */
import { useRunningStack } from '../functions/src/local/stack-file';
import { book } from './bench-api';
import { getOk, latencyOf, timeCalls } from './bench-latency';

type ServiceItem = { _id: string; name: string };
type Availability = { times: string[] };

export async function measureBooking(url: string, dataDir: string, concurrency: number) {
  useRunningStack(dataDir);
  process.env.PASSWORD_COST_LOG2 ??= '10';
  const { createUserWithCard } = await import('../tests/factories');
  const services = (await (await fetch(`${url}/api/services`)).json()) as ServiceItem[];
  const service = services.find((s) => s.name === 'Mobile Oil Change') ?? services[0];
  if (!service) throw new Error('the seeded catalogue is empty');

  // The first day from tomorrow with a free time.
  const availabilityOf = async (date: string) =>
    (await (
      await fetch(`${url}/api/services/${service._id}/availability?date=${date}`)
    ).json()) as Availability;
  let date = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  let times: string[] = [];
  for (let i = 0; i < 14 && times.length === 0; i += 1) {
    times = (await availabilityOf(date)).times;
    if (times.length === 0) date = new Date(Date.parse(date) + 86_400_000).toISOString().slice(0, 10);
  }
  const at = times[0];
  if (!at) throw new Error('no free time in the next two weeks');

  const customers: Awaited<ReturnType<typeof createUserWithCard>>[] = [];
  while (customers.length < 50)
    customers.push(...(await Promise.all([1, 2].map(() => createUserWithCard()))));
  const started = performance.now();
  const statuses = await Promise.all(
    customers
      .slice(0, 50)
      .map((customer, i) =>
        book(url, customer.token, { clientLastName: `Customer${i}`, serviceId: service._id, date, time: at }),
      ),
  );
  const raceMs = performance.now() - started;
  const tally: Record<number, number> = {};
  for (const status of statuses) tally[status] = (tally[status] ?? 0) + 1;

  // Availability at concurrency 16, on the day the race just booked (crew and slot reads included).
  const target = `${url}/api/services/${service._id}/availability?date=${date}`;
  for (let i = 0; i < 50; i += 1) await (await fetch(target)).arrayBuffer();
  const samples = await timeCalls(() => getOk(target), { concurrency, requests: 1000 });
  return {
    race: {
      winners: tally[201] ?? 0,
      refused: tally[409] ?? 0,
      other: 50 - (tally[201] ?? 0) - (tally[409] ?? 0),
      ms: raceMs,
    },
    availability: latencyOf(samples),
  };
}
