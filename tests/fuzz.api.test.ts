import { DATE_FIRST, dateLast, dateMessages } from '@app/core/rules/fields';
import * as time from '@app/core/time';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../functions/src/api/index';
import { call, enumerate, type Fixtures, makeFixtures, methodOf, routes } from './api-routes';

/**
 * The fuzz suite (issue 9, permanent): property-based bodies, parameters and
 * queries for every route of tests/api-routes.ts. Whatever arrives, the reply
 * is never a 5xx, and every 4xx is JSON with a `msg`; writes built to be
 * invalid are refused and leave the public lists as they were. Bounded: a
 * fixed number of runs per route, so CI stays fast.
 */
const RUNS = Number(process.env.FUZZ_RUNS || 12);

/** Values no field of ours accepts: wrong types, huge or malformed text, prototype tricks. */
const alwaysInvalid = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constant([]),
  fc.array(fc.string(), { minLength: 1, maxLength: 3 }),
  fc.constant({ __proto__: { admin: true } }),
  fc.constant(JSON.parse('{"__proto__": {"role": "admin"}, "constructor": {"prototype": {"x": 1}}}')),
  fc.constant('x'.repeat(100_001)),
  fc.string({ maxLength: 20 }).map((s) => `${s}\ud800`),
  fc.string({ maxLength: 20 }).map((s) => `\udc00${s}`),
);

/** Anything at all, including the invalid values above and control characters. */
const anything = fc.oneof(
  alwaysInvalid,
  fc.string({ maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc
    .array(fc.constantFrom('\u0000', '\t', '\n', '\r', '\u001b', '\u007f', '\u2028', '\u2029'), {
      minLength: 1,
      maxLength: 10,
    })
    .map((chars) => chars.join('')),
  fc.jsonValue({ maxDepth: 4 }),
);

/** A body that parses as JSON but is not the route's: a valid one with at least one field broken. */
function brokenBody(valid: Record<string, unknown>) {
  const keys = Object.keys(valid);
  return (
    fc
      .record({
        broken: fc.subarray(keys, { minLength: 1 }),
        extra: fc.dictionary(fc.oneof(fc.constant('__proto__'), fc.string({ maxLength: 8 })), anything, {
          maxKeys: 2,
        }),
        value: alwaysInvalid,
      })
      // A yes/no field takes either boolean: only a value of another type breaks it.
      .filter(
        ({ broken, value }) =>
          !(typeof value === 'boolean' && broken.some((key) => typeof valid[key] === 'boolean')),
      )
      .map(({ broken, extra, value }) => {
        const body: Record<string, unknown> = { ...valid };
        for (const key of broken) body[key] = value;
        for (const [key, v] of Object.entries(extra)) if (!(key in valid)) body[key] = v;
        return JSON.stringify(body);
      })
  );
}

/** Text that is not the JSON any route wants: bad JSON, deep nesting, a bare value. */
const badText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constant('{"unterminated": '),
  fc.constant(`${'['.repeat(2000)}${']'.repeat(2000)}`),
  fc.constant(`${'{"a":'.repeat(100)}1${'}'.repeat(100)}`),
  fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
);

const contentTypes = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/xml',
);

/** Parameter values: empty-ish, huge, malformed escapes, traversal, other kinds' ids. */
const paramValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    '..',
    '%2e%2e',
    '%ED%A0%80',
    '%00',
    '%ZZ',
    'usr_01JZZZZZZZZZZZZZZZZZZZZZZZ',
    'null',
    'undefined',
  ),
  fc.constant('x'.repeat(3000)),
);

async function expectClean(response: Response, label: string) {
  const text = await response.text();
  expect(response.status, `${label}: ${text.slice(0, 200)}`).toBeLessThan(500);
  if (response.status >= 400) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    expect(
      body,
      `${label}: a ${response.status} must be JSON with msg, got ${text.slice(0, 200)}`,
    ).toMatchObject({
      msg: expect.any(String),
    });
  }
  return response.status;
}

/**
 * Far dates (issue 30, decision 099): real calendar dates outside the range the API takes, each of
 * which once answered 500 somewhere (9999-12-31 ends in year 10000; a week from 9999-12-25 too).
 */
const farDates = () => [
  '9999-12-31',
  '9999-12-25',
  '0001-01-01',
  time.addDays(DATE_FIRST, -1),
  time.addDays(dateLast(time.today()), 1),
];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Date-taking fields the fixtures leave out (optional ones), added to the route's valid call: every
 * other date-taking route is found by the dates in its fixture's query or body.
 */
const optionalDates: Record<string, { query?: string[]; body?: string[]; list?: string[] }> = {
  'GET /api/admin/today': { query: ['date'] },
  'GET /api/bookings/all': { query: ['startDate', 'endDate'] },
  'GET /api/timeslots': { query: ['startDate', 'endDate'] },
  'POST /api/admin/technicians': { list: ['daysOff'] },
  'PATCH /api/admin/technicians/:number': { list: ['daysOff'] },
  'POST /api/workOrders': { body: ['scheduledDate'] },
  'PUT /api/workOrders/:id': { body: ['scheduledDate'] },
  'POST /api/timeslots': { body: ['recurringEndDate'] },
};

/** The route's valid call with every date in it (or one of its optional date fields) set to `far`. */
function withFarDate(name: string, f: Fixtures, far: string, field?: string) {
  const route = routes[name];
  const [pathname = '', search = ''] = (route?.path(f) ?? '').split('?');
  const query = new URLSearchParams(search);
  const body = structuredClone((route?.body?.(f) ?? undefined) as Record<string, unknown> | undefined);
  const extra = optionalDates[name];
  if (field === undefined) {
    for (const [key, value] of query) if (DATE.test(value)) query.set(key, far);
    for (const [key, value] of Object.entries(body ?? {})) {
      if (typeof value === 'string' && DATE.test(value) && body) body[key] = far;
      if (Array.isArray(value) && value.some((v) => typeof v === 'string' && DATE.test(v)) && body)
        body[key] = [far];
    }
  } else if (extra?.query?.includes(field)) query.set(field, far);
  else if (extra?.list?.includes(field) && body) body[field] = [far];
  else if (body) {
    body[field] = far;
    if (field === 'recurringEndDate') body.isRecurring = true;
  }
  const text = query.toString();
  return { path: text ? `${pathname}?${text}` : pathname, body: body && JSON.stringify(body) };
}

/** Every date-taking route and field: [route, field] (field undefined: the dates of its fixture). */
function dateTaking(f: Fixtures): [string, string | undefined][] {
  const found: [string, string | undefined][] = [];
  for (const [name, route] of Object.entries(routes)) {
    const search = route.path(f).split('?')[1] ?? '';
    const inQuery = [...new URLSearchParams(search).values()].some((v) => DATE.test(v));
    const inBody = Object.values((route.body?.(f) ?? {}) as Record<string, unknown>).some((v) =>
      [v].flat().some((x) => typeof x === 'string' && DATE.test(x)),
    );
    if (inQuery || inBody) found.push([name, undefined]);
    const extra = optionalDates[name];
    for (const field of [...(extra?.query ?? []), ...(extra?.body ?? []), ...(extra?.list ?? [])])
      found.push([name, field]);
  }
  return found;
}

const listPaths = ['/api/services', '/api/posts', '/api/testimonials', '/api/testimonials/featured'];
const snapshot = async () => Promise.all(listPaths.map(async (path) => (await app.request(path)).text()));

let f: Fixtures;
beforeAll(async () => {
  f = await makeFixtures();
});

describe('fuzzing every route', { timeout: 180_000 }, () => {
  it('covers every route of the app', () => {
    expect(enumerate().filter((route) => !(route in routes))).toEqual([]);
  });

  const withBody = Object.entries(routes).filter(([, route]) => route.body);
  const withParams = Object.keys(routes).filter((name) => name.includes('/:'));

  it.each(withBody.map(([name]) => name))('%s: broken bodies are refused with a 4xx msg', async (name) => {
    const before = await snapshot();
    const valid = routes[name]?.body?.(f) as Record<string, unknown>;
    await fc.assert(
      fc.asyncProperty(brokenBody(valid), async (body) => {
        const status = await expectClean(
          await call(name, f, f.admin.headers, { body }),
          `${name} ${body.slice(0, 80)}`,
        );
        expect(status, `${name} accepted a broken body: ${body.slice(0, 120)}`).toBeGreaterThanOrEqual(400);
      }),
      { numRuns: RUNS },
    );
    expect(await snapshot()).toEqual(before);
  });

  it.each(withBody.map(([name]) => name))(
    '%s: bad JSON and wrong content types get a 4xx msg',
    async (name) => {
      await fc.assert(
        fc.asyncProperty(badText, contentTypes, async (text, type) => {
          await expectClean(
            await call(name, f, f.a.headers, { body: text }),
            `${name} json ${text.slice(0, 60)}`,
          );
          const valid = JSON.stringify(routes[name]?.body?.(f));
          await expectClean(
            await call(name, f, f.a.headers, { body: valid, contentType: type }),
            `${name} as ${type}`,
          );
        }),
        { numRuns: RUNS },
      );
    },
  );

  it.each(withParams)('%s: any parameter value gets a clean answer', async (name) => {
    const pattern = name.split(' ')[1] ?? '';
    await fc.assert(
      fc.asyncProperty(paramValue, fc.string({ maxLength: 20 }), async (value, query) => {
        const path = pattern.replace(/:[A-Za-z]+/g, () => encodeURIComponent(value).replaceAll('%25', '%'));
        await expectClean(
          await call(name, f, f.admin.headers, { path: `${path}?q=${encodeURIComponent(query)}` }),
          `${methodOf(name)} ${path.slice(0, 80)}`,
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('far dates get a 400 msg on every date-taking route, and nothing is written (issue 30)', async () => {
    const taking = dateTaking(f);
    const names = new Set(taking.map(([name]) => name));
    // The routes issue 30 named, and the other date-taking ones: all found.
    for (const name of [
      'GET /api/admin/today',
      'GET /api/admin/dispatch',
      'GET /api/services/:id/availability',
      'GET /api/bookings/:id/reschedule/times',
      'GET /api/booking-links/:token/reschedule/times',
      'POST /api/bookings',
      'POST /api/bookings/admin-create',
      'POST /api/bookings/:id/reschedule',
      'POST /api/booking-links/:token/reschedule',
      'GET /api/tech/day',
      'GET /api/admin/revenue/export.csv',
      'POST /api/timeslots',
      'POST /api/timeslots/bulk',
      'POST /api/timeslots/bulk-create',
    ])
      expect(names, name).toContain(name);
    const before = await snapshot();
    for (const [name, field] of taking) {
      for (const far of farDates()) {
        const { path, body } = withFarDate(name, f, far, field);
        const label = `${name} ${field ?? ''} ${far}`;
        const response = await call(name, f, f.admin.headers, { path, body });
        expect(await expectClean(response.clone(), label), label).toBe(400);
        expect((await response.json()) as { msg: string }, label).toMatchObject({
          msg: dateMessages.range(time.today()),
        });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('malformed session tokens get a 401 msg on every signed-in route', async () => {
    const signedIn = Object.entries(routes).filter(([, route]) => route.access !== 'anyone');
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (token) => {
        for (const [name] of signedIn) {
          const response = await call(name, f, { 'x-auth-token': token.replace(/[\r\n]/g, '') || 'x' });
          expect(await expectClean(response, `${name} token`)).toBe(401);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
