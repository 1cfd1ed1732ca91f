/**
 * `npm run bench -- scale` (issue 19 §2): five years of one shop, then the reads that grow with it.
 *
 * 1. A fresh local stack (`npm start` on its own port and data directory).
 * 2. Five years seeded into its table through the API in this process (`app.request`, so every item is
 *    written by core's own verbs with their checks, claims, counters and mail), month by month on a
 *    simulated clock: each month's time slots, bookings (booked by customers with a card on file, then
 *    confirmed and completed or cancelled by the admin, which charges the Square stand-in), work orders,
 *    reviews of completed bookings, and posts. The last month's bookings stay open, as a real desk's do.
 * 3. With the real clock back, each measured call at concurrency 4: p50 and p99 latency, the reply's
 *    bytes, and the bytes DynamoDB returned to serve it (counted at the SDK client, per request).
 *
 * Budgets: p99 ≤ 300 ms, and no call reads or returns more than 1 MB. `SCALE=0.05 npm run bench -- scale`
 * seeds a twentieth of the volume, for a quick look (the budgets are only meaningful at SCALE=1).
 *
 * `BENCH_DATA=<dir>` keeps the stack's data in `<dir>`: the first run seeds it and writes `bench-seed.json`
 * there; a later run on the same directory (and SCALE) skips the seed and measures the table as it is,
 * after the stack's own start has brought it up to date (new indexes, migrations), as an upgrade would.
 * A seed cut short leaves `bench-progress.json` (the months done); the next run goes on from there.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { useRunningStack } from '../functions/src/local/stack-file';
import { percentile, timeCalls } from './bench-latency';
import { startStack, stopStack } from './bench-stack';

const SCALE = Number(process.env.SCALE ?? 1);
const YEARS = 5;
const target = {
  customers: Math.round(5000 * SCALE),
  bookings: Math.round(20_000 * SCALE),
  workOrders: Math.round(10_000 * SCALE),
  slots: Math.round(40_000 * SCALE),
  testimonials: Math.round(2000 * SCALE),
  posts: Math.round(300 * SCALE),
};
/** Technicians on the road at once: five years of 20,000 bookings need more than one. */
/** The technicians of the bench's shop (the seed makes two; the bench names the others; decision 078). */
const CREW = 4;
const CONCURRENCY = 4;
const REQUESTS = 200;
const BUDGET_MS = 300;
const BUDGET_BYTES = 1024 * 1024;
const SEED_PARALLEL = Number(process.env.SEED_PARALLEL ?? 8);

// ---------------------------------------------------------------------------
// The simulated clock: core reads the time through Date, so the seed can live through five years.

const RealDate = Date;
let simulated: number | undefined;
class SimulatedDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(simulated ?? RealDate.now());
    else super(...(args as [string | number | Date]));
  }
  static override now() {
    return simulated ?? RealDate.now();
  }
}
const setClock = (iso: string | undefined) => {
  simulated = iso === undefined ? undefined : RealDate.parse(iso);
};

// ---------------------------------------------------------------------------
// Helpers

const DAY = 86_400_000;
/** 17:00 UTC is midday in West Chester, whatever the season: the simulated clock stands there. */
const NOON_IN_THE_SHOP = 17 * 3_600_000;
const isoDate = (ms: number) => new RealDate(ms).toISOString().slice(0, 10);
let seed = 19;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

/** Runs `work` over `items`, at most `limit` at a time. */
async function inParallel<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index] as T, index);
      }
    }),
  );
}

type Api = (
  method: string,
  path: string,
  headers?: Record<string, string>,
  body?: unknown,
) => Promise<Response>;

const MAKES = [
  ['Honda', 'Civic'],
  ['Toyota', 'Camry'],
  ['Ford', 'F-150'],
  ['Subaru', 'Outback'],
  ['Chevrolet', 'Malibu'],
  ['Jeep', 'Wrangler'],
  ['Tesla', 'Model 3'],
  ['BMW', '330i'],
] as const;
const FIRST = ['Avery', 'Blake', 'Casey', 'Devon', 'Emery', 'Finley', 'Harper', 'Jordan', 'Kendall', 'Logan'];
const LAST = [
  'Nguyen',
  'Smith',
  'Patel',
  'Garcia',
  'Kowalski',
  'Okafor',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Walsh',
];

// ---------------------------------------------------------------------------
// The seed

type Subject = { id: string; role: 'user' | 'admin' | 'technician'; firstName: string; tokenVersion: number };
type Customer = { subject: Subject; firstName: string; lastName: string; email: string };

/** A session for `subject` issued now (simulated time): tokens made months ago have expired, as they would. */
async function as(subject: Subject): Promise<Record<string, string>> {
  const { Session } = await import('@app/core/auth/session');
  return { 'x-auth-token': await Session.issue(subject) };
}

async function subjectOf(userId: string): Promise<Subject> {
  const { User } = await import('@app/core/user/index');
  const account = await User.find(userId);
  if (!account) throw new Error(`the account ${userId} just made is missing`);
  return {
    id: account.id,
    role: account.role,
    firstName: account.firstName,
    tokenVersion: account.tokenVersion,
  };
}
type SeedCounts = Record<keyof typeof target, number> & { refusedBookings: number; seconds: number };

/** Where an interrupted seed stands (`BENCH_DATA`): the months done and what they made. */
type Progress = { adminId: string; monthsDone: number; counts: SeedCounts };
const PROGRESS_FILE = 'bench-progress.json';

/** The customers an interrupted seed made, read back from the table to go on with. */
async function customersSoFar(): Promise<Customer[]> {
  const { User } = await import('@app/core/user/index');
  const customers: Customer[] = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof User.customersPage>> = await User.customersPage({
      limit: 100,
      cursor,
    });
    for (const account of page.items)
      customers.push({
        subject: {
          id: account.id,
          role: account.role,
          firstName: account.firstName,
          tokenVersion: account.tokenVersion,
        },
        firstName: account.firstName,
        lastName: account.lastName,
        email: account.email,
      });
    cursor = page.cursor;
  } while (cursor);
  return customers;
}

async function seedFiveYears(
  api: Api,
  adminSubject: Subject,
  progressFile: string | undefined,
  resume: Progress | undefined,
) {
  const started = performance.now();
  const counts: SeedCounts = resume?.counts ?? {
    customers: 0,
    bookings: 0,
    workOrders: 0,
    slots: 0,
    testimonials: 0,
    posts: 0,
    refusedBookings: 0,
    seconds: 0,
  };
  const earlierSeconds = counts.seconds;
  const { createUserWithCard } = await import('../tests/factories');
  const services = (await (await api('GET', '/api/services')).json()) as { _id: string; name: string }[];
  if (services.length < 4) throw new Error('the seeded catalogue has fewer than 4 services');
  // Half the catalogue is booked from time slots, half from its weekly times (doc 1 §7 both ways).
  const slotServices = services.slice(0, Math.ceil(services.length / 2));

  // Five years of 30-day months; the last one starts tomorrow, so its bookings are still open.
  const MONTH_DAYS = 30;
  const months = Math.round((YEARS * 365) / MONTH_DAYS);
  const tomorrow = RealDate.parse(isoDate(RealDate.now() + DAY));
  const start = tomorrow - months * MONTH_DAYS * DAY;
  const customers: Customer[] = resume ? await customersSoFar() : [];
  const completed: { id: string; serviceId: string; customer: Customer }[] = [];

  for (let month = resume?.monthsDone ?? 0; month <= months; month += 1) {
    const monthStart = start + month * MONTH_DAYS * DAY;
    const monthEnd = monthStart + MONTH_DAYS * DAY;
    const share = (total: number, done: number) =>
      Math.max(0, Math.round((total * (month + 1)) / (months + 1)) - done);
    setClock(new RealDate(monthStart - DAY + NOON_IN_THE_SHOP).toISOString());
    let admin = await as(adminSubject);

    // New customers this month (each with a card on file, as booking online needs).
    const newCustomers = share(target.customers, counts.customers);
    await inParallel(Array.from({ length: newCustomers }), SEED_PARALLEL, async () => {
      const firstName = pick(FIRST);
      const lastName = `${pick(LAST)}${Math.floor(random() * 1000)}`;
      const made = await createUserWithCard({ firstName, lastName });
      customers.push({ subject: await subjectOf(made._id), firstName, lastName, email: made.email });
      counts.customers += 1;
    });

    // This month's time slots, for the slot-booked services, as the Service Manager makes them.
    const days = MONTH_DAYS;
    const wantSlots = share(target.slots, counts.slots);
    const times = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];
    const perService = Math.ceil(wantSlots / slotServices.length);
    const timesPerDay = Math.max(1, Math.min(times.length, Math.round(perService / ((days * 5) / 7))));
    await inParallel(slotServices, 2, async (service) => {
      const response = await api('POST', '/api/timeslots/bulk-create', admin, {
        serviceId: service._id,
        availableTimes: times.slice(0, timesPerDay),
        availableDays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        startDate: isoDate(monthStart),
        endDate: isoDate(monthEnd - DAY),
      });
      if (response.status !== 201 && response.status !== 200)
        throw new Error(`bulk-create answered ${response.status}: ${await response.text()}`);
      const made = (await response.json()) as { created?: number; count?: number };
      counts.slots += made.created ?? made.count ?? 0;
    });

    // This month's bookings: a customer picks a service, a day and one of the times offered.
    const wanted = share(target.bookings, counts.bookings);
    const booked: { id: string; serviceId: string; customer: Customer }[] = [];
    await inParallel(Array.from({ length: wanted }), SEED_PARALLEL, async () => {
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const service = pick(services);
        const date = isoDate(monthStart + Math.floor(random() * days) * DAY);
        const offered = (await (
          await api('GET', `/api/services/${service._id}/availability?date=${date}`)
        ).json()) as { times?: string[] };
        if (!offered.times?.length) continue;
        const customer = pick(customers);
        const [make, model] = pick(MAKES);
        const response = await api('POST', '/api/bookings', await as(customer.subject), {
          clientFirstName: customer.firstName,
          clientLastName: customer.lastName,
          vehicleMake: make,
          vehicleModel: model,
          vehicleYear: new Date().getFullYear() - Math.floor(random() * 15),
          vehicleColor: pick(['Silver', 'Black', 'White', 'Blue', 'Red']),
          notes: 'Parked in the driveway.',
          serviceId: service._id,
          date,
          time: pick(offered.times),
        });
        if (response.status === 201) {
          const { booking } = (await response.json()) as { booking: { _id: string } };
          booked.push({ id: booking._id, serviceId: service._id, customer });
          counts.bookings += 1;
          return;
        }
        counts.refusedBookings += 1;
        if (response.status !== 409)
          throw new Error(`booking answered ${response.status}: ${await response.text()}`);
      }
    });

    // This month's work orders, written up by the admin.
    const orders = share(target.workOrders, counts.workOrders);
    const { workOrderBody } = await import('../tests/workorder-factories');
    await inParallel(Array.from({ length: orders }), SEED_PARALLEL, async (_, i) => {
      const customer = pick(customers);
      const [make, model] = pick(MAKES);
      const response = await api(
        'POST',
        '/api/workOrders',
        admin,
        workOrderBody({
          customer: {
            name: `${customer.firstName} ${customer.lastName}`,
            email: customer.email,
            phone: `(610) 555-${String(1000 + (i % 9000)).padStart(4, '0')}`,
            address: { street: '12 Market St', city: 'West Chester', state: 'PA', zipCode: '19380' },
          },
          vehicle: {
            year: new Date().getFullYear() - (i % 15),
            make,
            model,
            vin: `1HGCV1F3${String(counts.workOrders).padStart(9, '0')}`,
            licensePlate: `KZT-${1000 + (i % 9000)}`,
            mileage: 20_000 + i * 7,
            color: 'Silver',
          },
          status: pick(['draft', 'approved', 'completed', 'billed', 'billed', 'billed']),
          scheduledDate: isoDate(monthStart + Math.floor(random() * days) * DAY),
        }),
      );
      if (response.status !== 201)
        throw new Error(`work order answered ${response.status}: ${await response.text()}`);
      counts.workOrders += 1;
    });

    // The month ends: its bookings are confirmed and completed (or cancelled), except the last month's.
    if (month === months) break;
    setClock(new RealDate(monthEnd + NOON_IN_THE_SHOP).toISOString());
    admin = await as(adminSubject);
    await inParallel(booked, SEED_PARALLEL, async (booking) => {
      const status = async (value: string) => {
        const response = await api('PATCH', `/api/bookings/${booking.id}/status`, admin, { status: value });
        if (response.status !== 200)
          throw new Error(`status ${value} answered ${response.status}: ${await response.text()}`);
      };
      if (random() < 0.1) return status('Cancelled');
      await status('Confirmed');
      await status('Completed');
      completed.push(booking);
    });

    // Some customers review what was done.
    const reviews = share(target.testimonials, counts.testimonials);
    await inParallel(
      completed.splice(0, completed.length).slice(0, reviews),
      SEED_PARALLEL,
      async (booking) => {
        const form = new FormData();
        form.set('serviceId', booking.serviceId);
        form.set('bookingId', booking.id);
        form.set('rating', String(3 + Math.floor(random() * 3)));
        form.set('quote', 'On time, tidy, and the car runs like new. Will book again.');
        const response = await api('POST', '/api/testimonials', await as(booking.customer.subject), form);
        if (response.status !== 201)
          throw new Error(`review answered ${response.status}: ${await response.text()}`);
        counts.testimonials += 1;
      },
    );

    // The blog: about five posts a month, each a few kilobytes of markdown.
    const posts = share(target.posts, counts.posts);
    for (let p = 0; p < posts; p += 1) {
      const form = new FormData();
      form.set('title', `Month ${month + 1} tip ${p + 1}: keeping your car in shape`);
      form.set('summary', 'What our technicians see on the road, and what you can do about it.');
      form.set('content', `## Why it matters\n\n${'Regular care keeps small problems small. '.repeat(120)}`);
      form.set('category', pick(['Maintenance', 'Detailing', 'Tips']));
      form.set('tags', 'maintenance, tips');
      const response = await api('POST', '/api/posts', admin, form);
      if (response.status !== 201)
        throw new Error(`post answered ${response.status}: ${await response.text()}`);
      counts.posts += 1;
    }
    counts.seconds = earlierSeconds + (performance.now() - started) / 1000;
    if (progressFile) {
      const progress: Progress = { adminId: adminSubject.id, monthsDone: month + 1, counts };
      writeFileSync(progressFile, JSON.stringify(progress, null, 2));
    }
    process.stdout.write(
      `\r  seeded month ${month + 1}/${months + 1}: ${counts.bookings} bookings, ${counts.workOrders} work orders, ${counts.slots} slots, ${counts.customers} customers  `,
    );
  }
  setClock(undefined);
  counts.seconds = earlierSeconds + (performance.now() - started) / 1000;
  process.stdout.write('\n');
  return { counts, services, customers };
}

// ---------------------------------------------------------------------------
// The measurements

/** Bytes DynamoDB returned to the request running in this async context. */
const dynamoBytes = new AsyncLocalStorage<{ bytes: number }>();

async function countDynamoBytes() {
  const { db } = await import('@app/core/db/client');
  db().middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      const response = result.response as { headers?: Record<string, string> };
      const length = Number(response.headers?.['content-length'] ?? 0);
      const counter = dynamoBytes.getStore();
      if (counter) counter.bytes += length;
      return result;
    },
    { step: 'deserialize', name: 'benchDynamoBytes' },
  );
}

export type ScaleRow = {
  name: string;
  path: string;
  p50: number;
  p99: number;
  replyBytes: number;
  readBytes: number;
};

async function measure(api: Api, name: string, path: string, headers: Record<string, string> = {}) {
  let replyBytes = 0;
  let readBytes = 0;
  const samples = await timeCalls(
    async () => {
      const counter = { bytes: 0 };
      const response = await dynamoBytes.run(counter, () => api('GET', path, headers));
      const body = await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${name}: GET ${path} answered ${response.status}`);
      replyBytes = Math.max(replyBytes, body.byteLength);
      readBytes = Math.max(readBytes, counter.bytes);
    },
    { concurrency: CONCURRENCY, requests: REQUESTS },
  );
  return { name, path, p50: percentile(samples, 50), p99: percentile(samples, 99), replyBytes, readBytes };
}

/** What a kept data directory remembers of its seed (`BENCH_DATA`). */
type SeedFile = {
  scale: number;
  adminId: string;
  counts: SeedCounts;
  services: { _id: string; name: string }[];
  /** The last name of a customer in the middle of the seed: the searches look for it. */
  someoneLastName: string;
};
const SEED_FILE = 'bench-seed.json';

export async function measureScale() {
  process.env.PASSWORD_COST_LOG2 ??= '10';
  const kept = process.env.BENCH_DATA;
  if (kept) mkdirSync(kept, { recursive: true });
  const seedFile = kept ? join(kept, SEED_FILE) : undefined;
  const previous =
    seedFile && existsSync(seedFile) ? (JSON.parse(readFileSync(seedFile, 'utf8')) as SeedFile) : undefined;
  if (previous && previous.scale !== SCALE)
    throw new Error(`${kept} holds a seed at SCALE=${previous.scale}, not ${SCALE}`);
  console.log(
    `Starting ${kept ? `the local stack on ${kept}` : 'a fresh local stack'} (npm start, ${CREW} technicians) ...`,
  );
  const stack = await startStack({}, kept);
  try {
    useRunningStack(stack.dataDir);
    const { asSystem } = await import('@app/core/actor');
    const { Technician } = await import('@app/core/technician/index');
    await asSystem('bench', () => Technician.ensureNumbered(CREW));
    const { app } = await import('../functions/src/api/index');
    let address = 0;
    const api: Api = async (method, path, headers = {}, body) => {
      address += 1;
      const json = body !== undefined && !(body instanceof FormData);
      return app.request(
        path,
        {
          method,
          headers: { ...headers, ...(json ? { 'content-type': 'application/json' } : {}) },
          body: body === undefined ? undefined : json ? JSON.stringify(body) : (body as FormData),
        },
        // Each call from its own address, as the shop's many customers are.
        {
          incoming: {
            socket: { remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}` },
          },
        },
      );
    };
    let seeded = previous;
    if (seeded) {
      console.log(`Reusing the seed in ${kept} (made in ${(seeded.counts.seconds / 60).toFixed(1)} min).`);
    } else {
      // A seed cut short (BENCH_DATA) goes on from the last month it finished.
      const progressFile = kept ? join(kept, PROGRESS_FILE) : undefined;
      const resume =
        progressFile && existsSync(progressFile)
          ? (JSON.parse(readFileSync(progressFile, 'utf8')) as Progress)
          : undefined;
      const { createUser } = await import('../tests/factories');
      const adminId = resume?.adminId ?? (await createUser({ role: 'admin', firstName: 'Bench' }))._id;
      globalThis.Date = SimulatedDate as DateConstructor;
      console.log(
        resume
          ? `Going on with the seed in ${kept} from month ${resume.monthsDone + 1} ...`
          : `Seeding ${YEARS} years (SCALE=${SCALE}) through the API on a simulated clock ...`,
      );
      try {
        const made = await seedFiveYears(api, await subjectOf(adminId), progressFile, resume);
        const someone = made.customers[Math.floor(made.customers.length / 2)];
        seeded = {
          scale: SCALE,
          adminId,
          counts: made.counts,
          services: made.services,
          someoneLastName: someone?.lastName ?? 'Smith',
        };
      } finally {
        globalThis.Date = RealDate;
        setClock(undefined);
      }
      if (seedFile) writeFileSync(seedFile, JSON.stringify(seeded, null, 2));
    }
    await countDynamoBytes();
    const admin = await as(await subjectOf(seeded.adminId));
    const { counts, services, someoneLastName } = seeded;
    const tomorrow = isoDate(RealDate.now() + DAY);
    // The desk lists open bookings (decision 050): the last seeded month's, from tomorrow on.
    const twoWeeks = isoDate(RealDate.now() + 14 * DAY);
    const calls: [string, string, Record<string, string>][] = [
      ['desk: first page', '/api/bookings/all', admin],
      [
        'desk: filtered page (a make, the next two weeks)',
        `/api/bookings/all?make=Honda&startDate=${tomorrow}&endDate=${twoWeeks}`,
        admin,
      ],
      [
        'desk: customer search',
        `/api/admin/users/search?query=${encodeURIComponent(someoneLastName.slice(0, 4))}`,
        admin,
      ],
      ['work orders: list page', '/api/workOrders?limit=20', admin],
      ['work orders: search', `/api/workOrders?search=${encodeURIComponent(someoneLastName)}`, admin],
      ['availability (tomorrow)', `/api/services/${services[0]?._id}/availability?date=${tomorrow}`, {}],
      ['public: testimonials', '/api/testimonials', {}],
      ['public: featured testimonials', '/api/testimonials/featured', {}],
      ['public: posts', '/api/posts', {}],
      ['public: sitemap', '/api/sitemap.xml', {}],
    ];
    const rows: ScaleRow[] = [];
    for (const [name, path, headers] of calls) {
      console.log(`Measuring ${name}: ${REQUESTS} requests at concurrency ${CONCURRENCY} ...`);
      rows.push(await measure(api, name, path, headers));
    }
    const failures = rows.flatMap((row) => [
      ...(row.p99 > BUDGET_MS ? [`${row.name}: p99 ${row.p99.toFixed(0)} ms > ${BUDGET_MS} ms`] : []),
      ...(row.replyBytes > BUDGET_BYTES ? [`${row.name}: reply ${row.replyBytes} bytes > 1 MB`] : []),
      ...(row.readBytes > BUDGET_BYTES ? [`${row.name}: read ${row.readBytes} bytes > 1 MB`] : []),
    ]);
    return { counts, rows, failures, scale: SCALE };
  } finally {
    await stopStack(stack);
    if (!kept) rmSync(stack.dataDir, { recursive: true, force: true });
  }
}
