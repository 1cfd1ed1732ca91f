import { describe, expect, it, vi } from 'vitest';
import { createService, json } from '../../../tests/factories';
import { app } from './index';

describe('the API app', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const response = await app.request('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ msg: 'Not found.' });
  });

  it('matches paths regardless of case and a trailing slash, and keeps parameter values as sent', async () => {
    const service = await createService();
    const canonical = await json(await app.request('/api/services'));
    for (const spelling of ['/api/Services', '/API/services/', '/api/SERVICES/']) {
      const response = await app.request(spelling);
      expect(response.status, spelling).toBe(200);
      expect(await json(response), spelling).toEqual(canonical);
    }
    // The id is a parameter: its case is kept, so a lowercased id is not the same service.
    expect((await app.request(`/api/Services/${service._id}/`)).status).toBe(200);
    expect((await app.request(`/api/services/${service._id.toLowerCase()}`)).status).toBe(400);
  });

  it('turns an unexpected failure into a generic 500 that leaks nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const original = process.env.TABLE_NAME;
    vi.resetModules();
    process.env.TABLE_NAME = 'no-such-table';
    try {
      const { app: broken } = await import('./index');
      const response = await broken.request('/api/services');
      expect(response.status).toBe(500);
      const body = await json<Record<string, unknown>>(response);
      expect(body.msg).toBe('Something went wrong on our side. Please try again.');
      expect(body.requestId).toEqual(expect.any(String));
      expect(JSON.stringify(body)).not.toMatch(/no-such-table|ResourceNotFound|at /);
      // The details go to the log, under the same request id.
      expect(error).toHaveBeenCalledWith(expect.stringContaining(String(body.requestId)));
    } finally {
      process.env.TABLE_NAME = original;
      error.mockRestore();
    }
  });
});

describe('the local outbox', () => {
  // It lives in functions/src/local/outbox.ts, mounted only by the local servers (see its tests there).
  it('is not part of the API app, which AWS Lambda runs', async () => {
    expect((await app.request('/_local/outbox')).status).toBe(404);
    expect(app.routes.some((route) => route.path.startsWith('/_local'))).toBe(false);
  });
});
