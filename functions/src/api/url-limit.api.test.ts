import { describe, expect, it } from 'vitest';
import { app } from './index';
import { MAX_URL_LENGTH, URL_TOO_LONG } from './url-limit';

/** The API refuses an over-long address itself, as on Lambda (decision 056). */
describe('an over-long address on the API', () => {
  it('is 414 { msg }, no-store, before any route looks at it', async () => {
    const response = await app.request(`/api/services?search=${'x'.repeat(MAX_URL_LENGTH)}`);
    expect(response.status).toBe(414);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ msg: URL_TOO_LONG });
  });

  it('an address under the limit reaches the routes as before', async () => {
    const response = await app.request(`/api/nothing-here/${'x'.repeat(MAX_URL_LENGTH - 100)}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ msg: 'Not found.' });
  });
});
