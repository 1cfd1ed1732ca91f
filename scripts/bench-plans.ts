/**
 * `npm run bench -- plans` (issue 35, decision 131): a year of visits for PLAN_ENROLMENTS service
 * plans, placed by the scheduled job's `plan-visits` job, on a local stack of its own.
 * The crew (CREW technicians, every day, the whole day) is seeded through core as the other benches
 * seed it; the customers (a card on file, a saved address) through core too; their garage vehicles
 * and enrolments (a third weekly, a third every four weeks, a third monthly, spread over the days
 * and times of one 90-minute service) are written straight into the stack's table, due at once and
 * with nothing placed yet, so the job places every visit. Then the job runs at a moving clock: at
 * each clock until nothing is due (a run cut short by its deadline leaves the rest to the next), then
 * a week on, until the horizon has covered a year. Each run is given the Lambda's 60 s
 * (infra/environment.ts) as the scheduled run gives it (less its loop margin).
 * At the end, every technician's day that holds a visit is read back, and every booking's claim:
 * no two jobs of one technician may overlap.
 */
import { useRunningStack } from '../functions/src/local/stack-file';
import { clockTime, createService } from './bench-api';
import { withStack } from './bench-stack';

/** `SCALE=0.1` enrols a tenth (30 plans), for a quick look on a busy machine. */
const SCALE = Number(process.env.SCALE ?? 1);
export const PLAN_ENROLMENTS = Math.max(3, Math.round(300 * SCALE));
/** The scheduled function's timeout (infra/environment.ts): each run keeps to it. */
export const PLAN_RUN_BUDGET_MS = 60_000;
/** The technicians who take the visits. */
const CREW = 8;
const DAYS_OF_YEAR = 365;
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
/** The service's times: every quarter hour from 07:00 to 16:45 (40). */
const TIMES = Array.from({ length: 40 }, (_, i) => clockTime(7, 15, i));

export type PlanFigures = {
  enrolments: number;
  crew: number;
  visits: number;
  needsTime: number;
  runs: number;
  clocks: number;
  slowestRunMs: number;
  ms: number;
  daysChecked: number;
  overlaps: string[];
  /** Placed visits whose booking holds no technician's claim (none expected). */
  unclaimed: number;
  through: string;
};

/**
 * The cadence of enrolment `i`: weekly, every four weeks or monthly, each at a day and time of its
 * own. The booking's BOOKED guard lets one booking hold a service's time on a date, so enrolments
 * that shared a time would fail by construction: each cadence has quarter hours of its own, spread
 * over the day as a shop's bookings would be (weekly every half hour from 07:00 to 15:00, four-weekly
 * every half hour from 12:15, monthly from 16:45 back to 15:15). Packed into the morning instead
 * (07:00-13:15), 300 plans asked for more than eight technicians can drive to: 917 of 7,871 visits
 * needed a time (offered the nearest ones, none double-booked).
 */
function cadenceOf(i: number) {
  const k = Math.floor(i / 3);
  if (i % 3 === 0) {
    const day = WEEKDAYS[k % WEEKDAYS.length]!;
    return {
      name: 'Weekly wash',
      rule: `FREQ=WEEKLY;INTERVAL=1;BYDAY=${day}`,
      time: TIMES[2 * Math.floor(k / 6)]!,
      weeks: 0,
    };
  }
  if (i % 3 === 1) {
    // Four-weekly plans start in different weeks, as customers enrolling at different times would.
    const j = Math.floor(k / 4);
    const day = WEEKDAYS[j % WEEKDAYS.length]!;
    return {
      name: 'Maintenance detail',
      rule: `FREQ=WEEKLY;INTERVAL=4;BYDAY=${day}`,
      time: TIMES[21 + 2 * Math.floor(j / 6)]!,
      weeks: k % 4,
    };
  }
  const monthDay = (k % 28) + 1;
  return {
    name: 'Monthly club',
    rule: `FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=${monthDay}`,
    time: TIMES[39 - 2 * Math.floor(k / 28)]!,
    weeks: 0,
  };
}

/** The jobs of one technician's day that overlap an earlier one (each with the one it overlaps), by id. */
export function overlapsOf(jobs: { id: string; start: string; end: string }[]): string[] {
  const sorted = [...jobs].sort((a, b) => a.start.localeCompare(b.start));
  const found: string[] = [];
  // The job that ends last of those started so far: any later start before its end overlaps it.
  let longest = sorted[0];
  for (const job of sorted.slice(1)) {
    if (!longest) break;
    if (Date.parse(job.start) < Date.parse(longest.end)) found.push(`${longest.id} / ${job.id}`);
    if (Date.parse(job.end) > Date.parse(longest.end)) longest = job;
  }
  return found;
}

export async function measurePlans(): Promise<PlanFigures> {
  console.log(
    `Starting the local stack for ${PLAN_ENROLMENTS} service plans (npm start, ${CREW} technicians) ...`,
  );
  return withStack({}, async (stack) => {
    useRunningStack(stack.dataDir);
    process.env.PASSWORD_COST_LOG2 ??= '10';
    const { asSystem } = await import('@app/core/actor');
    const { Technician } = await import('@app/core/technician/index');
    const { Garage } = await import('@app/core/garage/index');
    const { Plan } = await import('@app/core/plan/index');
    const { Crew } = await import('@app/core/crew/crew');
    const { entity: bookings } = await import('@app/core/booking/store');
    const time = await import('@app/core/time');
    const { config } = await import('@app/core/config');
    const { jobs } = await import('../functions/src/lambda/jobs');
    const { LOOP_MARGIN_MS } = await import('../functions/src/lambda/cron');
    const { createUserWithCard } = await import('../tests/factories');
    const { garageVehicle } = await import('../tests/garage-fixtures');

    await asSystem('bench', async () => {
      await Technician.ensureNumbered(CREW);
      for (let number = 1; number <= CREW; number += 1) await Technician.setActive(number, true);
    });
    const serviceId = await createService(stack.url, {
      name: `Plan bench ${Date.now()}`,
      description: 'A 90-minute maintenance detail.',
      price: 90,
      duration: 90,
      availableTimes: TIMES,
    });

    console.log(`Seeding ${PLAN_ENROLMENTS} customers with a card and an address ...`);
    const customers: Awaited<ReturnType<typeof createUserWithCard>>[] = [];
    while (customers.length < PLAN_ENROLMENTS)
      customers.push(...(await Promise.all([1, 2, 3].map(() => createUserWithCard()))));
    customers.length = PLAN_ENROLMENTS;
    const vehicles = customers.map((c) => garageVehicle(c._id));
    await Garage.vehicle.putMany(vehicles);
    const { SavedAddress } = await import('@app/core/address/index');
    const addresses = await Promise.all(
      customers.map(async (c) => {
        const page = await SavedAddress.entity.query.ofCustomer(
          { userId: c._id },
          { range: { beginsWith: {} }, limit: 1, consistent: true },
        );
        return page.items[0]!.id;
      }),
    );

    // The moving clock starts two days ahead, so the stack's own job (every minute, real clock) leaves them be.
    const first = time.addDays(time.today(), 2);
    const startAt = time.instantOf(first, '06:00');
    const stamp = new Date().toISOString();
    const records = customers.map((c, i) => {
      const cadence = cadenceOf(i);
      const startDate = Plan.firstVisit(cadence.rule, time.addDays(first, 7 * cadence.weeks))!;
      const monthly = i % 3 === 2;
      return {
        id: `enrolment_planbench${String(i).padStart(4, '0')}`,
        planId: 'plan_planbench',
        userId: c._id,
        vehicleId: vehicles[i]!.id,
        addressId: addresses[i]!,
        state: 'active' as const,
        agreed: {
          name: cadence.name,
          serviceId,
          recurrence: cadence.rule,
          price: monthly
            ? { kind: 'monthly' as const, monthlyCents: 7_900 }
            : { kind: 'per-visit' as const, visitCents: 8_900 },
          discountPercent: 10,
          terms: { autoRenew: true, minimumMonths: 0, cancellation: 'Cancel any time.' },
          at: stamp,
          time: cadence.time,
        },
        startDate,
        skipped: [],
        stateSince: stamp,
        placeAt: startAt,
        createdAt: stamp,
        updatedAt: stamp,
      };
    });
    await Plan.enrolment.putMany(records);

    const job = jobs.find((j) => j.name === 'plan-visits');
    if (!job) throw new Error('The scheduled run has no plan-visits job');
    const yearEnd = time.addDays(first, DAYS_OF_YEAR);
    let runs = 0;
    let clocks = 0;
    let slowestRunMs = 0;
    let through: string;
    const started = performance.now();
    for (let clock = Date.parse(startAt); ; clock += 7 * 86_400_000) {
      const now = new Date(clock);
      clocks += 1;
      for (let again = 0; again < 50; again += 1) {
        const runStarted = performance.now();
        // As the scheduled run gives each job its deadline: the Lambda's time, less the loop margin.
        const deadline = Date.now() + PLAN_RUN_BUDGET_MS - LOOP_MARGIN_MS;
        const report = await asSystem('cron', () => job.run(now, deadline));
        const runMs = performance.now() - runStarted;
        if (report.due === 0) break;
        runs += 1;
        slowestRunMs = Math.max(slowestRunMs, runMs);
        console.log(
          `  clock ${now.toISOString().slice(0, 10)}: run ${runs} ${report.done} of ${report.due} enrolments in ${(runMs / 1000).toFixed(1)} s`,
        );
        if (report.left === 0 && report.done === report.due) break;
      }
      through = time.addDays(time.today(now), config().planHorizonDays);
      if (through >= yearEnd) break;
    }
    const ms = performance.now() - started;

    let visits = 0;
    let needsTime = 0;
    const placed: string[] = [];
    for (const r of records) {
      const read = await Plan.enrolment.get(r, { consistent: true });
      needsTime += read?.needsTime?.length ?? 0;
      const page = await Plan.planVisit.query.ofEnrolment(
        { enrolmentId: r.id },
        { range: { between: [{ date: '2000-01-01' }, { date: '2999-12-31' }] }, limit: 200 },
      );
      visits += page.items.length;
      placed.push(...page.items.map((v) => v.bookingId));
    }

    // The check: every technician's day that holds a visit, and every visit's claim, free of overlaps.
    let unclaimed = 0;
    const claims = new Map<string, { id: string; start: string; end: string }[]>();
    for (let i = 0; i < placed.length; i += 100) {
      for (const b of await bookings.getMany(placed.slice(i, i + 100).map((id) => ({ id })))) {
        if (!b.claim) {
          unclaimed += 1;
          continue;
        }
        const at = `${b.date}#${b.claim.technician}`;
        claims.set(at, [...(claims.get(at) ?? []), { id: b.id, start: b.claim.start, end: b.claim.end }]);
      }
    }
    const overlaps: string[] = [];
    for (const [at, held] of claims) {
      const [date, technician] = at.split('#') as [string, string];
      const day = await Crew.dayOf(date, Number(technician));
      const onDay = Object.entries(day.jobs).map(([id, j]) => ({ id, start: j.start, end: j.end }));
      for (const pair of [...overlapsOf(held), ...overlapsOf(onDay)]) overlaps.push(`${at}: ${pair}`);
      const missing = held.filter((h) => !day.jobs[h.id]);
      if (missing.length) overlaps.push(`${at}: ${missing.length} claimed jobs missing from the day`);
    }
    return {
      enrolments: records.length,
      crew: CREW,
      visits,
      needsTime,
      runs,
      clocks,
      slowestRunMs,
      ms,
      daysChecked: claims.size,
      overlaps,
      unclaimed,
      through,
    };
  });
}
