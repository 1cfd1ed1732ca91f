import { describe, expect, it } from 'vitest';
import { app } from '../functions/src/api/index';
import { call, enumerate, makeFixtures, routes } from './api-routes';

/**
 * The authorization matrix (issue 9, permanent): every route of the API,
 * enumerated from the Hono app itself (tests/api-routes.ts), called as
 * nobody, customer A, customer B (on A's objects, where a route has an
 * owner), an admin and a technician (issue 22: the technician of every
 * fixture booking), against the table of who may do what.
 */
describe('the authorization matrix', () => {
  it('lists every route of the app, and no route that is gone', () => {
    const present = enumerate();
    expect(
      present.filter((route) => !(route in routes)),
      'routes missing from the matrix',
    ).toEqual([]);
    expect(
      Object.keys(routes).filter((route) => !present.includes(route)),
      'matrix entries for routes that no longer exist',
    ).toEqual([]);
  });

  it('answers each caller as the table says', { timeout: 120_000 }, async () => {
    const f = await makeFixtures();
    const callers = {
      nobody: {},
      a: f.a.headers,
      b: f.b.headers,
      admin: f.admin.headers,
      // Issue 22: technician 1, the job's technician of every fixture booking.
      technician: f.technicians.one.headers,
    };
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const [name, route] of Object.entries(routes)) {
      const ok = route.ok ?? 200;
      const table: Record<typeof route.access, Record<keyof typeof callers, string>> = {
        anyone: { nobody: `${ok}`, a: `${ok}`, b: `${ok}`, admin: `${ok}`, technician: `${ok}` },
        user: { nobody: '401', a: `${ok}`, b: `${ok}`, admin: `${ok}`, technician: `${ok}` },
        owner: { nobody: '401', a: `${ok}`, b: '403|404', admin: `${ok}`, technician: '403|404' },
        admin: { nobody: '401', a: '403', b: '403', admin: `${ok}`, technician: '403' },
        customer: { nobody: '401', a: `${ok}`, b: `${ok}`, admin: '403', technician: '403' },
        customerOwner: { nobody: '401', a: `${ok}`, b: '404', admin: '403', technician: '403|404' },
        staff: { nobody: '401', a: '403', b: '403', admin: `${ok}`, technician: `${ok}` },
      };
      const want = { ...table[route.access], ...(route.technician ? { technician: route.technician } : {}) };
      for (const [caller, headers] of Object.entries(callers) as [
        keyof typeof callers,
        Record<string, string>,
      ][]) {
        const status = (await call(name, f, headers)).status;
        const allowed = want[caller].split('|');
        outcomes.push(`${name} as ${caller}: ${allowed.includes(String(status)) ? want[caller] : status}`);
        expected.push(`${name} as ${caller}: ${want[caller]}`);
      }
    }
    expect(outcomes).toEqual(expected);
  });

  it('guards the /api/admin/ prefix for paths that do not exist yet', async () => {
    const f = await makeFixtures();
    const path = '/api/admin/not-yet-a-route';
    expect((await app.request(path)).status).toBe(401);
    expect((await app.request(path, { headers: f.a.headers })).status).toBe(403);
    expect((await app.request(path, { headers: f.technicians.one.headers })).status).toBe(403);
    expect((await app.request(path, { headers: f.admin.headers })).status).toBe(404);
  });
});
