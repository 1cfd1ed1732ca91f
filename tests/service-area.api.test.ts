import { config } from '@app/core/config';
import { Geo } from '@app/core/geo/index';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { freePort } from '../functions/src/local/ports';
import { send } from './booking-factories';
import { json } from './factories';

/**
 * GET /api/service-area (issue 20): the shop's defaults are West Chester, PA
 * 19380 and 25 miles; no served-ZIP list, no trip fee. A street is geocoded
 * through the Amazon Location stand-in (ZIP centroids).
 */
type Reply = { served: boolean; miles: number; tripFee: number; message: string };
const area = (query: string) => send('GET', `/api/service-area?${query}`);

describe('GET /api/service-area', () => {
  it('a ZIP near the base is served: its distance, no trip fee, no message', async () => {
    const response = await area('zipCode=19382');
    expect(response.status).toBe(200);
    const reply = await json<Reply>(response);
    expect(reply).toEqual({ served: true, miles: expect.any(Number), tripFee: 0, message: '' });
    expect(reply.miles).toBeLessThan(5);
    expect(config().tripFeeBands).toEqual([]);
  });

  it('a ZIP beyond the radius is not served, and the message says so with the phone number', async () => {
    const reply = await json<Reply>(await area('zipCode=10001'));
    expect(reply.served).toBe(false);
    expect(reply.miles).toBeGreaterThan(config().serviceRadiusMiles);
    expect(reply.tripFee).toBe(0);
    expect(reply.message).toBe(Geo.messages.outside('10001'));
  });

  it('with a street, city and state the address is geocoded (a ZIP+4 too) and gives the same answer as its ZIP', async () => {
    const byZip = await json<Reply>(await area('zipCode=19355'));
    const response = await area(
      `zipCode=19355-1234&street=${encodeURIComponent('100 Lancaster Ave')}&city=Malvern&state=PA`,
    );
    expect(response.status).toBe(200);
    expect(await json<Reply>(response)).toEqual(byZip);
  });

  it.each([
    ['no ZIP', '', 'Please enter a ZIP code.'],
    ['an empty ZIP', 'zipCode=', 'Please enter a 5-digit ZIP code.'],
    ['letters', 'zipCode=abcde', 'Please enter a 5-digit ZIP code.'],
    ['four digits', 'zipCode=1938', 'Please enter a 5-digit ZIP code.'],
    ['an unknown ZIP', 'zipCode=00000', Geo.messages.unknownZip],
    ['an unknown ZIP with a street', 'zipCode=00000&street=1%20Main%20St', Geo.messages.unknownZip],
    [
      'a street too long',
      `zipCode=19380&street=${'x'.repeat(201)}`,
      'Street must be at most 200 characters.',
    ],
  ])('%s: 400 { msg }', async (_, query, msg) => {
    const response = await area(query);
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ msg });
  });

  it('any query gets a clean answer: 200 with the reply, or 4xx { msg }', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.stringMatching(/^\d{5}(-\d{4})?$/),
      fc.constant('x'.repeat(500)),
    );
    await fc.assert(
      fc.asyncProperty(value, fc.option(value), fc.option(value), async (zipCode, street, state) => {
        const query = new URLSearchParams({ zipCode });
        if (street !== null) query.set('street', street);
        if (state !== null) query.set('state', state);
        const response = await area(query.toString());
        const body = await json<Record<string, unknown>>(response);
        expect(response.status, JSON.stringify(body)).toBeLessThan(500);
        if (response.status === 200) {
          expect(body).toEqual({
            served: expect.any(Boolean),
            miles: expect.any(Number),
            tripFee: expect.any(Number),
            message: expect.any(String),
          });
        } else {
          expect(response.status).toBe(400);
          expect(body).toEqual({ msg: expect.any(String) });
        }
      }),
      { numRuns: 60 },
    );
  });

  it('with Amazon Location unreachable: still 200, from the ZIP centroid (never a 500)', async () => {
    const saved = { ...process.env };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      vi.resetModules();
      const dead = `http://127.0.0.1:${await freePort()}`;
      Object.assign(process.env, { GEO_PLACES_ENDPOINT: dead, GEO_ROUTES_ENDPOINT: dead });
      const { app } = await import('../functions/src/api/index');
      const response = await app.request(
        `/api/service-area?zipCode=19355&street=${encodeURIComponent('100 Lancaster Ave')}&city=Malvern&state=PA`,
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(await json<Reply>(await area('zipCode=19355')));
      expect(String(warn.mock.calls[0]?.[0])).toContain('geo: Amazon Location places failed');
    } finally {
      process.env = saved;
      warn.mockRestore();
      vi.resetModules();
    }
  });

  it('with trip-fee bands and a served-ZIP list: the fee in dollars, and the list decides', async () => {
    const saved = { ...process.env };
    try {
      vi.resetModules();
      Object.assign(process.env, { TRIP_FEE_BANDS: '10:0,25:2500', SERVED_ZIP_CODES: '19103,19355' });
      const { app } = await import('../functions/src/api/index');
      const check = async (zip: string) => json<Reply>(await app.request(`/api/service-area?zipCode=${zip}`));
      const philadelphia = await check('19103');
      expect(philadelphia).toMatchObject({ served: true, tripFee: 25, message: '' });
      expect(philadelphia.miles).toBeGreaterThan(10);
      expect(await check('19355')).toMatchObject({ served: true, tripFee: 0 });
      // Two miles from the base, but not on the list.
      expect(await check('19382')).toMatchObject({
        served: false,
        tripFee: 0,
        message: Geo.messages.outside('19382'),
      });
    } finally {
      process.env = saved;
      vi.resetModules();
    }
  });
});
