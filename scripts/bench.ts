/**
 * `npm run bench`: the performance budgets of the README, measured for real.
 *  1. gzipped JS the browser loads for `/`, and for `/book/{id}` opened directly (Chromium loads the page on a
 *     fresh profile; every script it fetched is gzipped and summed: the entry and the page's lazy chunks)
 *  2. size of the bundled, minified API Lambda
 *  3. time to import that bundle in a fresh Node process (median of several runs)
 *  4. p50 / p99 latency of GET /api/services on the local stack at a fixed concurrency, full replies and
 *     revalidations (If-None-Match → 304); a CDN hit costs the origin nothing and is not measured here
 *  5. sign-in limits under concurrency, sign-in time during a flood, register timing both ways (bench-security.ts)
 *  6. p50 / p99 time to render one work-order PDF, over 200 renders (bench-pdf.ts)
 *  7. Lighthouse mobile performance on every public page and every post, the median of 3 runs each, on a
 *     stack of its own (bench-lighthouse.ts; `LIGHTHOUSE_PAGES=/blog,/services` for some)
 *  8. only when named (`npm run bench -- scale`, it seeds for many minutes): five years of one shop, and the
 *     reads that grow with it, against p99 and size budgets (bench-scale.ts)
 *  9. only when named (`npm run bench -- revenue`): five years of payments seeded in batches, the revenue
 *     dashboard's reads and p50 / p99, and the CSV export (bench-revenue.ts)
 * 11. only when named (`npm run bench -- reminders`): the scheduled job with 500 reminders due, two runs at once,
 *     each reminder exactly once (the local outbox) and the time against the job's 60 s (bench-reminders.ts)
 * 10. only when named (`npm run bench -- route`): availability at an address on a day of ten jobs across three
 *     technicians, p50 / p99 at concurrency 16 (budget p99 ≤ 300 ms), and the 50-way race of adjacent times at
 *     far-apart places (bench-route.ts)
 * 11. only when named (`npm run bench -- tech`): the JS /tech loads (gzip) and that none of it is the admin's
 *     code (bench-tech.ts)
 * 13. only when named (`npm run bench -- plans`, `SCALE=0.1` for a tenth): a year of visits for 300 service plans
 *     placed by the `plan-visits` job at a moving clock, each run against the job's 60 s, and no technician's day
 *     with overlapping jobs (bench-plans.ts)
 * 12. only when named (`npm run bench -- availability`): the catalogue read and availability at a saved address,
 *     side by side at concurrency 50 in alternating rounds (budget: the address's p99 within twice the
 *     catalogue's; bench-availability.ts)
 * `npm run bench -- pdf` runs only the named sections (see `SECTIONS`).
 * Exits 1 when a budget is exceeded. Latency has no budget here: it depends on the machine.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { bundleLambda, lambdaEntries } from '../functions/src/lambda/bundle';
import { measureBooking } from './bench-booking';
import {
  describeRun,
  LIGHTHOUSE_BUDGET,
  LIGHTHOUSE_RUNS,
  type LighthouseRun,
  lighthousePages,
  measureLighthouse,
} from './bench-lighthouse';
import { type LoadedScript, pageScripts, sumGzip } from './bench-pages';
import { measurePdfApart, PDF_RENDERS } from './bench-pdf';
import { type ScaleRow, measureScale } from './bench-scale';
import { measureRevenue, REVENUE_BUDGET_MS, type RevenueRow } from './bench-revenue';
import { measureRoute, ROUTE_P99_BUDGET_MS } from './bench-route';
import {
  AVAILABILITY_CONCURRENCY,
  AVAILABILITY_RATIO_BUDGET,
  measureAvailability,
} from './bench-availability';
import { measureReminders, REMINDERS, REMINDERS_BUDGET_MS } from './bench-reminders';
import { DUE_RUN_BUDGET_MS, DUE_VEHICLES, measureDue } from './bench-due';
import { measurePlans, PLAN_RUN_BUDGET_MS } from './bench-plans';
import { measureSecurity } from './bench-security';
import { measureTech, TECH_JS_BUDGET } from './bench-tech';
import { withStack } from './bench-stack';

const KB = 1024;
const budgets = {
  homeJsGzip: 110 * KB,
  bookJsGzip: 150 * KB,
  apiBundle: 1024 * KB,
  importMs: 150,
  pdfRenderMs: 50,
};
const CONCURRENCY = 16;
const REQUESTS = 3000;
const IMPORT_RUNS = 9;

const outDir = resolve('.bench');
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

async function bundleApi() {
  mkdirSync(outDir, { recursive: true });
  return bundleLambda(lambdaEntries.api, join(outDir, 'api.mjs'));
}

function importTimes(file: string) {
  const probe = `const t = performance.now(); await import(${JSON.stringify(file)}); console.log(performance.now() - t);`;
  const env = {
    ...process.env,
    APP_MODE: 'aws',
    TABLE_NAME: 'bench-table',
    BUCKET_NAME: 'bench-bucket',
    PRIVATE_BUCKET_NAME: 'bench-private',
    // The public contact details AWS mode requires (issue 31): the sample shop's.
    BUSINESS_PUBLIC_EMAIL: 'info@mobileautocare.example',
    BUSINESS_PHONE: '(610) 555-0142',
    MAIL_FROM: 'no-reply@example.com',
    BUSINESS_EMAIL: 'shop@example.com',
    PUBLIC_URL: 'https://example.com',
    JWT_SECRET: 'b'.repeat(48),
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  const times: number[] = [];
  for (let i = 0; i < IMPORT_RUNS; i++) {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { env, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`importing the bundle failed:\n${run.stderr}`);
    times.push(Number(run.stdout.trim()));
  }
  return times;
}

/** `/`: the home page, measured once its services have arrived. */
const homeScripts = (url: string) =>
  pageScripts(url, '/', (page) => page.getByText('Mobile Oil Change').first().waitFor());

/** `/book/{id}` opened directly (a shared link): the entry, the route's chunks and the calendar's. */
async function bookScripts(url: string) {
  const services = (await (await fetch(`${url}/api/services`)).json()) as { _id: string }[];
  const first = services[0];
  if (!first) throw new Error('GET /api/services returned no service to book');
  const path = `/book/${first._id}`;
  return { path, scripts: await pageScripts(url, path, (page) => page.getByRole('grid').first().waitFor()) };
}

function listScripts(title: string, scripts: LoadedScript[]) {
  console.log(`\n${title}`);
  for (const s of scripts)
    console.log(`  ${s.url.padEnd(50)} ${kb(s.raw).padStart(10)} raw ${kb(s.gzip).padStart(10)} gzip`);
}

/**
 * A repeated GET /api/services at a fixed concurrency. With `validator`, every request carries the
 * ETag of the first reply in If-None-Match, as a browser or the CDN revalidating its copy does, and
 * must get a bodiless 304 (the server still reads the services to compute the ETag). Without it,
 * every reply is the full 200.
 */
async function latency(url: string, validator: boolean) {
  const target = `${url}/api/services`;
  const etag = (await fetch(target)).headers.get('etag');
  if (validator && !etag) throw new Error('GET /api/services gave no ETag');
  const headers: Record<string, string> = validator && etag ? { 'if-none-match': etag } : {};
  const expected = validator ? 304 : 200;
  for (let i = 0; i < 100; i++) await (await fetch(target, { headers })).arrayBuffer();
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const t = performance.now();
        const response = await fetch(target, { headers });
        await response.arrayBuffer();
        if (response.status !== expected)
          throw new Error(`GET /api/services answered ${response.status}, not ${expected}`);
        samples.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), rps: samples.length / seconds };
}

/**
 * `npm run bench` measures everything; `npm run bench -- pdf` (or `bundle`, `stack`, several at once)
 * only the sections named: `bundle` the API Lambda's size and import time, `stack` what needs the running
 * product (pages, latency, bookings, sign-ins), `pdf` the work-order PDF's render time, `lighthouse`
 * Lighthouse on every public page and post (a fresh stack, so the other sections' load does not colour it), `scale`
 * five years of data and the bounded reads (only when named), `revenue` five years of payments and the revenue
 * dashboard (only when named), `reminders` the scheduled job with 500 reminders due (only when named).
 */
const SECTIONS = [
  'bundle',
  'stack',
  'pdf',
  'lighthouse',
  'scale',
  'revenue',
  'route',
  'reminders',
  'due',
  'plans',
  'tech',
  'availability',
] as const;
const BY_DEFAULT: readonly Section[] = ['bundle', 'stack', 'pdf', 'lighthouse'];
type Section = (typeof SECTIONS)[number];

function chosenSections(args: string[]): Set<Section> {
  const unknown = args.filter((arg) => !(SECTIONS as readonly string[]).includes(arg));
  if (unknown.length > 0) {
    console.error(`Unknown bench section: ${unknown.join(', ')}. Sections: ${SECTIONS.join(', ')}.`);
    process.exit(2);
  }
  return new Set(args.length === 0 ? BY_DEFAULT : (args as Section[]));
}

async function measureStack() {
  console.log('Starting the local stack (npm start) ...');
  return withStack({}, async (stack) => {
    console.log('Loading / in Chromium ...');
    const scripts = await homeScripts(stack.url);
    console.log('Loading /book/{id} in Chromium ...');
    const book = await bookScripts(stack.url);
    console.log(`Measuring GET /api/services: ${REQUESTS} requests at concurrency ${CONCURRENCY} ...`);
    const lat = await latency(stack.url, false);
    console.log('... and again with If-None-Match (answered 304) ...');
    const revalidated = await latency(stack.url, true);
    console.log('Measuring the 50-way booking race and availability ...');
    const booking = await measureBooking(stack.url, stack.dataDir, CONCURRENCY);
    console.log('Measuring sign-in limits, sign-in under a flood and register timing ...');
    const security = await measureSecurity(stack.port, {
      email: 'admin@example.com',
      password: 'admin-password',
    });
    return { scripts, book, lat, revalidated, booking, security };
  });
}

async function measureLighthouseOnStack() {
  console.log('Starting the local stack for Lighthouse ...');
  return withStack({}, async (stack) => {
    const results: { path: string; median: LighthouseRun; scores: number[] }[] = [];
    for (const path of await lighthousePages(stack.url)) {
      console.log(`Running Lighthouse (mobile) on ${path} ${LIGHTHOUSE_RUNS} times ...`);
      const { runs, median } = await measureLighthouse(`${stack.url}${path}`);
      console.log(
        `  ${median.score} (runs ${runs.map((run) => run.score).join(', ')}): ${describeRun(median)}`,
      );
      results.push({ path, median, scores: runs.map((run) => run.score) });
    }
    return results;
  });
}

async function main() {
  const sections = chosenSections(process.argv.slice(2));
  const rows: string[] = [];
  const failures: string[] = [];
  const row = (label: string, value: string, rest = '') =>
    rows.push(`${label.padEnd(46)} ${value.padStart(12)}${rest}`);
  const check = (label: string, value: number, budget: number, show: (n: number) => string) => {
    const ok = value <= budget;
    row(label, show(value), `   budget ${show(budget).padStart(10)}   ${ok ? 'ok' : 'OVER'}`);
    if (!ok) failures.push(label);
  };
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  mkdirSync(outDir, { recursive: true });

  let bundle: { api: Awaited<ReturnType<typeof bundleApi>>; imports: number[] } | undefined;
  if (sections.has('bundle')) {
    console.log('Bundling the API Lambda ...');
    const api = await bundleApi();
    bundle = { api, imports: importTimes(api.outfile) };
  }
  let pdf: ReturnType<typeof measurePdfApart> | undefined;
  if (sections.has('pdf')) {
    console.log(`Rendering a work-order PDF ${PDF_RENDERS} times ...`);
    pdf = measurePdfApart();
  }
  const measured = sections.has('stack') ? await measureStack() : undefined;
  const lighthouse = sections.has('lighthouse') ? await measureLighthouseOnStack() : undefined;
  const scale = sections.has('scale') ? await measureScale() : undefined;
  const revenue = sections.has('revenue') ? await measureRevenue() : undefined;
  const route = sections.has('route') ? await measureRoute() : undefined;
  const tech = sections.has('tech') ? await measureTech() : undefined;
  const reminders = sections.has('reminders') ? await measureReminders() : undefined;
  const due = sections.has('due') ? await measureDue() : undefined;
  const plans = sections.has('plans') ? await measurePlans() : undefined;
  const availability = sections.has('availability') ? await measureAvailability() : undefined;

  if (measured) {
    const { scripts, book } = measured;
    listScripts('Scripts loaded by /:', scripts);
    listScripts(`Scripts loaded by ${book.path}:`, book.scripts);
    console.log('');
    check(`JS loaded by / (gzip, ${scripts.length} files)`, sumGzip(scripts), budgets.homeJsGzip, kb);
    check(
      `JS loaded by /book/{id} (gzip, ${book.scripts.length} files)`,
      sumGzip(book.scripts),
      budgets.bookJsGzip,
      kb,
    );
  }
  if (bundle) {
    const { api, imports } = bundle;
    check(
      `API Lambda loaded at cold start (of ${kb(api.totalBytes)} in all)`,
      api.bytes,
      budgets.apiBundle,
      kb,
    );
    check(`API bundle import time (median of ${IMPORT_RUNS})`, median(imports), budgets.importMs, ms);
  }
  if (measured) {
    const { lat, revalidated, booking, security } = measured;
    row(`GET /api/services p50 (concurrency ${CONCURRENCY})`, ms(lat.p50));
    row(`GET /api/services p99 (concurrency ${CONCURRENCY})`, ms(lat.p99));
    row('GET /api/services throughput', `${lat.rps.toFixed(0)} req/s`);
    row(`GET /api/services + If-None-Match → 304 p50`, ms(revalidated.p50));
    row(`GET /api/services + If-None-Match → 304 p99`, ms(revalidated.p99));
    row('GET /api/services → 304 throughput', `${revalidated.rps.toFixed(0)} req/s`);
    row(
      '50 concurrent bookings of one time',
      `${booking.race.winners} won`,
      `   ${booking.race.refused} × 409, ${booking.race.other} other, ${ms(booking.race.ms)}`,
    );
    if (booking.race.winners !== 1 || booking.race.other !== 0)
      failures.push('the booking race (budget: exactly one winner)');
    row(`GET availability p50 (concurrency ${CONCURRENCY})`, ms(booking.availability.p50));
    row(`GET availability p99 (concurrency ${CONCURRENCY})`, ms(booking.availability.p99));
    for (const [label, value] of security.rows) row(label, value);
    const signInOk =
      security.figures.signInDuringFloodStatus === 200 && security.figures.signInDuringFloodMs < 5000;
    if (!signInOk) failures.push('sign-in during a flood (budget: 200 in under 5 s)');
    if (security.figures.passwordChecks > 10) failures.push('passwords checked in a burst (budget: 10)');
  }
  if (route) {
    row('Route day: jobs seeded (three technicians)', String(route.seeded));
    row(
      `GET availability ?zipCode= p50 (concurrency ${CONCURRENCY})`,
      ms(route.availability.p50),
      `   ${route.availability.offered} times offered`,
    );
    check(
      `GET availability ?zipCode= p99 (concurrency ${CONCURRENCY})`,
      route.availability.p99,
      ROUTE_P99_BUDGET_MS,
      ms,
    );
    row(
      'GET availability without address p50 / p99',
      `${ms(route.fromBase.p50)} / ${ms(route.fromBase.p99)}`,
      '   (the same day, from the base)',
    );
    row(
      '50 bookings of adjacent times, far-apart places',
      `${route.race.booked} booked`,
      `   ${route.race.refused} × 409, ${route.race.other} other, ${ms(route.race.ms)}`,
    );
    if (route.race.other !== 0) failures.push('the route race (budget: only 201 or 409)');
  }
  if (availability) {
    const { catalogue, atAddress } = availability;
    const c = AVAILABILITY_CONCURRENCY;
    row(`GET /api/services p50 / p99 (concurrency ${c})`, `${ms(catalogue.p50)} / ${ms(catalogue.p99)}`);
    row(
      `GET availability ?addressId= p50 / p99 (concurrency ${c})`,
      `${ms(atAddress.p50)} / ${ms(atAddress.p99)}`,
      `   ${availability.offered} times offered, ${availability.seeded} jobs on the day`,
    );
    check(
      'availability at an address p99 ÷ the catalogue p99',
      atAddress.p99 / catalogue.p99,
      AVAILABILITY_RATIO_BUDGET,
      (n) => `${n.toFixed(2)}×`,
    );
  }
  if (tech) {
    listScripts('Scripts loaded by /tech:', tech.scripts);
    console.log('');
    check(
      `JS loaded by /tech (gzip, ${tech.scripts.length} files)`,
      sumGzip(tech.scripts),
      TECH_JS_BUDGET,
      kb,
    );
    row(
      'Admin code in /tech',
      tech.adminLoaded.length + tech.adminTexts.length === 0 ? 'none' : 'FOUND',
      `   of ${tech.adminChunks.length} admin chunks: ${tech.adminLoaded.join(', ') || 'none'} loaded; admin texts: ${tech.adminTexts.join(', ') || 'none'}`,
    );
    if (tech.adminLoaded.length + tech.adminTexts.length > 0)
      failures.push('admin code in /tech (budget: none)');
  }
  if (reminders) {
    check(
      `Scheduled job, ${REMINDERS} reminders due, two runs at once`,
      reminders.ms,
      REMINDERS_BUDGET_MS,
      ms,
    );
    row(
      'Reminders sent / mails in the outbox',
      `${reminders.sent} / ${reminders.mails}`,
      `   ${reminders.duplicates} sent twice, ${reminders.missing} missing`,
    );
    if (reminders.sent !== REMINDERS || reminders.duplicates > 0 || reminders.missing > 0) {
      failures.push(`reminders (budget: each of ${REMINDERS} exactly once)`);
    }
  }
  if (due) {
    check(
      `Due notices, ${DUE_VEHICLES} vehicles due, slowest run (two at once)`,
      due.slowestRunMs,
      DUE_RUN_BUDGET_MS,
      ms,
    );
    row('Due notices: due at the first run / sent / mails', `${due.due} / ${due.sent} / ${due.mails}`);
    row(
      'Due notices: runs, all done in',
      `${due.runs}, ${ms(due.ms)}`,
      `   ${due.duplicates} sent twice, ${due.missing} missing, ${due.notDueTouched} not-due items touched`,
    );
    if (due.sent !== DUE_VEHICLES || due.duplicates > 0 || due.missing > 0 || due.notDueTouched > 0) {
      failures.push(`due notices (budget: each of ${DUE_VEHICLES} exactly once, none not due read)`);
    }
  }
  if (plans) {
    check(
      `Plan visits, ${plans.enrolments} plans, ${plans.crew} technicians: slowest run`,
      plans.slowestRunMs,
      PLAN_RUN_BUDGET_MS,
      ms,
    );
    row(
      'Plan visits placed / needing a time',
      `${plans.visits} / ${plans.needsTime}`,
      `   through ${plans.through}`,
    );
    row('Plan visits: runs (clocks), all done in', `${plans.runs} (${plans.clocks}), ${ms(plans.ms)}`);
    row(
      "Plan visits: technicians' days checked",
      String(plans.daysChecked),
      `   ${plans.overlaps.length} overlaps, ${plans.unclaimed} unclaimed${plans.overlaps.length ? `: ${plans.overlaps.slice(0, 5).join('; ')}` : ''}`,
    );
    if (plans.overlaps.length > 0 || plans.unclaimed > 0)
      failures.push('plan visits (budget: no technician booked twice)');
  }
  if (pdf) {
    row('Work-order PDF, first render in the process', ms(pdf.firstMs), `   ${kb(pdf.bytes)}`);
    check(`Work-order PDF render p50 (of ${PDF_RENDERS})`, pdf.p50, budgets.pdfRenderMs, ms);
    check(`Work-order PDF render p99 (of ${PDF_RENDERS})`, pdf.p99, budgets.pdfRenderMs, ms);
    row('Work-order PDF render CPU time p50 / p99', `${ms(pdf.cpuP50)} / ${ms(pdf.cpuP99)}`);
    const inspected = pdf.inspection;
    row(
      '  with an inspection and 10 photos: first render',
      ms(inspected.firstMs),
      `   ${kb(inspected.bytes)}`,
    );
    check(
      `  with an inspection and 10 photos: p50 (of ${PDF_RENDERS})`,
      inspected.p50,
      budgets.pdfRenderMs,
      ms,
    );
    check(
      `  with an inspection and 10 photos: p99 (of ${PDF_RENDERS})`,
      inspected.p99,
      budgets.pdfRenderMs,
      ms,
    );
    row(
      '  with an inspection and 10 photos: CPU time p50 / p99',
      `${ms(inspected.cpuP50)} / ${ms(inspected.cpuP99)}`,
    );
  }
  if (lighthouse) {
    row(`Lighthouse mobile performance (median of ${LIGHTHOUSE_RUNS} each)`, '');
    for (const { path, median } of lighthouse) {
      const label = `  ${path}`;
      const ok = median.score >= LIGHTHOUSE_BUDGET;
      row(
        label,
        String(median.score),
        `   budget ${`≥ ${LIGHTHOUSE_BUDGET}`.padStart(10)}   ${ok ? 'ok' : 'UNDER'}   ${describeRun(median)}`,
      );
      if (!ok) failures.push(`Lighthouse on ${path}`);
    }
  }
  if (scale) {
    const { counts } = scale;
    row(
      `Seeded (SCALE=${scale.scale}) in ${(counts.seconds / 60).toFixed(1)} min`,
      `${counts.bookings} bookings`,
      `   ${counts.workOrders} work orders, ${counts.slots} slots, ${counts.customers} customers, ${counts.testimonials} reviews, ${counts.posts} posts`,
    );
    const scaleKb = (bytes: number) => kb(bytes).padStart(10);
    for (const r of scale.rows as ScaleRow[])
      row(
        `  ${r.name}`,
        `${ms(r.p50)} / ${ms(r.p99)}`,
        `   reply ${scaleKb(r.replyBytes)}   read ${scaleKb(r.readBytes)}`,
      );
    failures.push(...scale.failures);
  }
  if (revenue) {
    row(
      `Revenue seeded in ${revenue.seedSeconds.toFixed(1)} s`,
      `${revenue.seeded.entries} entries`,
      `   ${revenue.seeded.counters} counter items`,
    );
    for (const r of revenue.rows as RevenueRow[])
      row(`  ${r.name}`, `${ms(r.p50)} / ${ms(r.p99)}`, `   ${r.items} items read   reply ${kb(r.bytes)}`);
    row(`  dashboard budget`, `p99 ≤ ${REVENUE_BUDGET_MS} ms`, `   ≤ ${revenue.readBudget} items read`);
    failures.push(...revenue.failures);
  }
  console.log(rows.join('\n'));
  writeFileSync(
    // A run of some sections does not overwrite the full run's figures.
    join(
      outDir,
      sections.size === BY_DEFAULT.length && !sections.has('scale')
        ? 'results.json'
        : `results-${[...sections].join('-')}.json`,
    ),
    JSON.stringify(
      {
        ...(measured && {
          homeGzip: sumGzip(measured.scripts),
          scripts: measured.scripts,
          bookGzip: sumGzip(measured.book.scripts),
          bookScripts: measured.book.scripts,
          latency: measured.lat,
          latencyRevalidated: measured.revalidated,
          booking: measured.booking,
          security: measured.security.figures,
        }),
        ...(bundle && { apiBundle: bundle.api.bytes, importMs: bundle.imports }),
        ...(lighthouse && { lighthouse }),
        ...(scale && { scale }),
        ...(pdf && {
          pdf: {
            firstMs: pdf.firstMs,
            p50: pdf.p50,
            p99: pdf.p99,
            cpuP50: pdf.cpuP50,
            cpuP99: pdf.cpuP99,
            bytes: pdf.bytes,
            inspection: {
              firstMs: pdf.inspection.firstMs,
              p50: pdf.inspection.p50,
              p99: pdf.inspection.p99,
              cpuP50: pdf.inspection.cpuP50,
              cpuP99: pdf.inspection.cpuP99,
              bytes: pdf.inspection.bytes,
            },
          },
        }),
      },
      null,
      2,
    ),
  );
  if (failures.length > 0) {
    console.error(`\nOver budget: ${failures.join(', ')}`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
