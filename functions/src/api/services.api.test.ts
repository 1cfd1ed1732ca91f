import { describe, expect, it } from 'vitest';
import { createService, json } from '../../../tests/factories';
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
    ]);
  });

  it('pages through more services than one DynamoDB query returns', async () => {
    const description = 'x'.repeat(1900);
    const before = (await json<unknown[]>(await app.request('/api/services'))).length;
    await Promise.all(
      Array.from({ length: 600 }, (_, i) => createService({ name: `Bulk ${i}`, description })),
    );
    const list = await json<unknown[]>(await app.request('/api/services'));
    expect(list).toHaveLength(before + 600);
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
