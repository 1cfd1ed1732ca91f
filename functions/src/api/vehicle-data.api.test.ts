import { VehicleData } from '@app/core/vehicle/index';
import { TIMEOUT_MS } from '@app/core/vehicle/vpic';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { send } from '../../../tests/booking-factories';
import { createUser, json } from '../../../tests/factories';

/**
 * The makes and models of the admin's forms, from the local vPIC stand-in
 * (functions/src/local/vpic): the real client code, vPIC's paths and JSON.
 */
afterEach(() => {
  VehicleData.useFetch(null);
  vi.restoreAllMocks();
});

const failing = () => {
  const calls: string[] = [];
  VehicleData.useFetch(async (url) => {
    calls.push(url);
    throw new Error('vPIC is down');
  });
  return calls;
};

describe('GET /api/vehicleData', () => {
  it('with vPIC down and nothing cached: 502 with a msg, quickly; a hanging vPIC is cut off after 3 s', async () => {
    const admin = await createUser({ role: 'admin' });
    failing();
    const down = await send('GET', '/api/vehicleData/makes', admin.headers);
    expect(down.status).toBe(502);
    expect((await json<{ msg: string }>(down)).msg).toBe(VehicleData.UNAVAILABLE);
    // The request's timer, held by the test: it fires when the test says, not after 3 s of the machine's time.
    const timers: AbortController[] = [];
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => {
      const timer = new AbortController();
      timers.push(timer);
      return timer.signal;
    });
    let asked = 0;
    VehicleData.useFetch(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          asked += 1;
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const hanging = send('GET', '/api/vehicleData/models/Honda', admin.headers);
    await vi.waitFor(() => expect(asked).toBe(1));
    expect(timeout.mock.calls).toEqual([[TIMEOUT_MS]]);
    expect(TIMEOUT_MS).toBe(3000);
    timers[0]?.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    expect((await hanging).status).toBe(502);
  });

  it('admin only: 401 without a session, 403 for a customer', async () => {
    const customer = await createUser();
    for (const path of ['/api/vehicleData/makes', '/api/vehicleData/models/Toyota']) {
      expect((await send('GET', path)).status).toBe(401);
      expect((await send('GET', path, customer.headers)).status).toBe(403);
    }
  });

  it("makes: the shop's common passenger makes that vPIC lists, sorted, in display case", async () => {
    const admin = await createUser({ role: 'admin' });
    const makes = await json<string[]>(await send('GET', '/api/vehicleData/makes', admin.headers));
    expect(makes).toContain('Toyota');
    expect(makes).toContain('Mercedes-Benz');
    // Ram, GMC and Jeep are MPVs and trucks in vPIC, not "Passenger Car": still offered.
    expect(makes).toEqual(expect.arrayContaining(['Ram', 'GMC', 'Jeep']));
    // Exotics, motorcycles and heavy trucks vPIC also lists are not.
    expect(makes).not.toContain('Lamborghini');
    expect(makes.some((make) => /harley|peterbilt|lamborghini/i.test(make))).toBe(false);
    expect(makes).toEqual([...makes].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(makes.length).toBeGreaterThanOrEqual(20);
    expect(makes.length).toBeLessThanOrEqual(30);
  });

  it("models: one make's models, sorted, whatever the make's case; another make's and unknown makes' never", async () => {
    const admin = await createUser({ role: 'admin' });
    const toyota = await json<string[]>(await send('GET', '/api/vehicleData/models/Toyota', admin.headers));
    expect(toyota).toEqual(expect.arrayContaining(['Camry', 'Corolla', 'RAV4', 'Tacoma']));
    expect(toyota).toEqual(
      [...toyota].sort((a, b) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' })),
    );
    expect(await json(await send('GET', '/api/vehicleData/models/toyota', admin.headers))).toEqual(toyota);
    // vPIC matches a part of the name: FORD also finds FORD MOTOR COMPANY's F-650. Only Ford's own are kept.
    const ford = await json<string[]>(await send('GET', '/api/vehicleData/models/Ford', admin.headers));
    expect(ford).toContain('F-150');
    expect(ford).not.toContain('F-650');
    for (const make of ['Lamborghini', 'Nope', '%20']) {
      const response = await send('GET', `/api/vehicleData/models/${make}`, admin.headers);
      expect(response.status, make).toBe(200);
      expect(await json(response), make).toEqual([]);
    }
  });

  it('serves the cache for days; when stale and vPIC fails, the stale list, without asking again for a while', async () => {
    const admin = await createUser({ role: 'admin' });
    const fresh = await json<string[]>(await send('GET', '/api/vehicleData/models/Subaru', admin.headers));
    expect(fresh).toContain('Outback');
    // Fresh: vPIC is not asked.
    const calls = failing();
    expect(await json(await send('GET', '/api/vehicleData/models/Subaru', admin.headers))).toEqual(fresh);
    expect(calls).toEqual([]);
    // Four days later it is stale; vPIC fails: the old list, and vPIC is left alone for a few minutes.
    const later = Date.now() + 4 * 24 * 60 * 60 * 1000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    expect(await json(await send('GET', '/api/vehicleData/models/Subaru', admin.headers))).toEqual(fresh);
    expect(calls).toHaveLength(1);
    expect(await json(await send('GET', '/api/vehicleData/models/Subaru', admin.headers))).toEqual(fresh);
    expect(calls).toHaveLength(1);
  });
});
