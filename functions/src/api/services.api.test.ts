import { describe, expect, it } from 'vitest';
import { Service } from '@app/core/service/index';
import { asAdmin, createService, json } from '../../../tests/factories';
import { app } from './index';

describe('GET /api/services', () => {
  it('is an empty list when the shop has no services yet', async () => {
    const response = await app.request('/api/services');
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual([]);
  });

  it('lists every service with the fields the pages read, ordered by name', async () => {
    const wash = await createService({
      name: 'Wash',
      price: 49.99,
      duration: '90 min',
      availableDays: ['Saturday'],
      availableTimes: ['08:00', '13:30'],
    });
    const audit = await createService({ name: 'audit', price: 120, duration: 45 });

    const response = await app.request('/api/services');
    expect(response.status).toBe(200);
    const list = await json<Record<string, unknown>[]>(response);
    expect(list.map((s) => s._id)).toEqual([audit._id, wash._id]);
    expect(list[1]).toEqual({
      _id: wash._id,
      name: 'Wash',
      description: 'A service made by a test.',
      price: 49.99,
      duration: '90 min',
      availableDays: ['Saturday'],
      availableTimes: ['08:00', '13:30'],
      // Issue 34: no class rates, no add-ons.
      byClass: null,
      addOns: [],
    });
    // Nothing of the storage layout leaks into the reply.
    expect(Object.keys(list[0] ?? {})).toEqual([
      '_id',
      'name',
      'description',
      'price',
      'duration',
      'availableDays',
      'availableTimes',
      'byClass',
      'addOns',
    ]);
  });

  it('holds at most the catalogue’s ceiling of services, even when many are created at once', async () => {
    const description = 'x'.repeat(1900);
    const before = (await json<unknown[]>(await app.request('/api/services'))).length;
    const results = await Promise.allSettled(
      Array.from({ length: Service.MAX_SERVICES + 20 - before }, (_, i) =>
        createService({ name: `Bulk ${i}`, description }),
      ),
    );
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []));
    expect(refused).toHaveLength(20);
    expect(new Set(refused.map((e) => e.message))).toEqual(new Set([Service.TOO_MANY]));
    const list = await json<{ _id: string }[]>(await app.request('/api/services'));
    expect(list).toHaveLength(Service.MAX_SERVICES);
    // A deleted service frees its place.
    const [first] = list;
    await asAdmin(() => Service.remove(first?._id ?? ''));
    await createService({ name: 'After a delete' });
    await Promise.all(
      (await json<{ _id: string }[]>(await app.request('/api/services'))).map((s) =>
        asAdmin(() => Service.remove(s._id)),
      ),
    );
  });
});

describe('GET /api/services/{id}', () => {
  it('returns one service', async () => {
    const service = await createService({ name: 'Brakes', price: 249, duration: '2 hours' });
    const response = await app.request(`/api/services/${service._id}`);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual(service);
  });

  it("answers 404 'Service not found.' for an unknown id", async () => {
    const response = await app.request('/api/services/svc_01JZZZZZZZZZZZZZZZZZZZZZZZ');
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ msg: 'Service not found.' });
  });

  it.each(['not-an-id', 'svc_123', 'bkg_01JZZZZZZZZZZZZZZZZZZZZZZZ', "svc_01JZZZZZZZZZZZZZZZZZZZZZZ'"])(
    'answers 400 with msg for the malformed id %s',
    async (id) => {
      const response = await app.request(`/api/services/${encodeURIComponent(id)}`);
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({ msg: 'Invalid service id.' });
    },
  );
});
