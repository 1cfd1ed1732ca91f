import { beforeAll, describe, expect, it } from 'vitest';
import { createPost, createTestimonial } from '../../../tests/content-factories';
import { createService, createUser } from '../../../tests/factories';
import { SHARED, SIGNED_IN } from './cache';
import { app } from './index';

/**
 * Cache-Control on the API (decision 015): no-store on everything personal,
 * on errors and on anything not known to be a public read; public reads carry
 * a short shared lifetime and an ETag, and a signed-in read of them is
 * revalidated on every use (decision 045).
 */
const env = () => ({ incoming: { socket: { remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.1` } } });

const request = (path: string, init: RequestInit = {}) => app.request(path, init, env());

const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

let serviceId = '';
let postSlug = '';
let postId = '';

beforeAll(async () => {
  serviceId = (await createService())._id;
  const post = await createPost();
  postSlug = post.slug;
  postId = post._id;
  await createTestimonial();
});

describe('public reads', () => {
  it.each([
    ['/api/services', SHARED],
    ['/api/google-reviews', 'public, max-age=300, stale-while-revalidate=3600'],
    ['/api/testimonials', SHARED],
    ['/api/testimonials/featured', SHARED],
    ['/api/posts', SHARED],
  ])('GET %s is cacheable (%s), with an ETag and 304 on If-None-Match', async (path, cacheControl) => {
    const first = await request(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe(cacheControl);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await request(path, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe(cacheControl);
    expect(again.headers.get('vary')).toMatch(/x-auth-token/i);
    expect(await again.text()).toBe('');
  });

  it('SHARED is short: fresh for a minute, stale while revalidating for five more', () => {
    expect(SHARED).toBe('public, max-age=60, stale-while-revalidate=300');
  });

  it('covers one service, one post and its comments, and any spelling of their paths', async () => {
    for (const path of [
      `/api/services/${serviceId}`,
      `/API/Services/${serviceId}/`,
      `/api/posts/${postSlug}`,
      `/api/posts/${postId}/comments`,
    ]) {
      const response = await request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe(SHARED);
      const etag = response.headers.get('etag');
      expect(etag, path).toBeTruthy();
      const again = await request(path, { headers: { 'if-none-match': etag! } });
      expect(again.status, path).toBe(304);
    }
  });

  it('a signed-in read is private and revalidated every time, so an admin sees an edit at once', async () => {
    const admin = await createUser({ role: 'admin' });
    const response = await request('/api/services', { headers: admin.headers });
    expect(response.headers.get('cache-control')).toBe(SIGNED_IN);
    const etag = response.headers.get('etag')!;
    const unchanged = await request('/api/services', {
      headers: { ...admin.headers, 'if-none-match': etag },
    });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('cache-control')).toBe(SIGNED_IN);

    // The admin renames a service: the same validator no longer matches and the new name comes back.
    const renamed = `Renamed ${crypto.randomUUID().slice(0, 6)}`;
    const current = (await (await request(`/api/services/${serviceId}`)).json()) as Record<string, unknown>;
    const put = await request(`/api/services/${serviceId}`, {
      method: 'PUT',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: renamed,
        description: current.description,
        price: current.price,
        duration: current.duration,
        availableDays: current.availableDays,
        availableTimes: current.availableTimes,
      }),
    });
    expect(put.status).toBe(200);
    expect(put.headers.get('cache-control')).toBe('no-store');
    const after = await request('/api/services', { headers: { ...admin.headers, 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(JSON.stringify(await after.json())).toContain(renamed);
  });

  it('an error on a public path is not cached', async () => {
    const missing = await request('/api/posts/no-such-post');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(missing.headers.get('etag')).toBeNull();
  });
});

describe('no-store', () => {
  it('on every /api/users reply: me, login, register, change-password, the email requests', async () => {
    const user = await createUser();
    const replies = [
      await request('/api/users/me', { headers: user.headers }),
      await postJson('/api/users/login', { email: user.email, password: user.password }),
      await postJson('/api/users/login', { email: user.email, password: 'wrong-password' }),
      await postJson('/api/users/register', {
        firstName: 'New',
        lastName: 'Person',
        email: `new-${crypto.randomUUID().slice(0, 8)}@example.com`,
        password: 'a-good-password-1',
      }),
      await postJson(
        '/api/users/change-password',
        { currentPassword: 'wrong-password', newPassword: 'another-password-1' },
        user.headers,
      ),
      await postJson('/api/users/forgot-password', { email: user.email }),
      await postJson('/api/users/resend-verification', { email: user.email }),
    ];
    expect(replies.map((r) => r.status)).toEqual([200, 200, 400, 200, expect.any(Number), 200, 200]);
    for (const reply of replies) {
      expect(reply.headers.get('cache-control'), reply.url).toBe('no-store');
      expect(reply.headers.get('etag')).toBeNull();
    }
  });

  it('on /api/admin replies, allowed or refused', async () => {
    const admin = await createUser({ role: 'admin' });
    const customer = await createUser();
    for (const headers of [admin.headers, customer.headers, {}]) {
      const reply = await request('/api/admin/anything', { headers });
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('on error replies to authenticated requests, unknown paths and writes', async () => {
    const user = await createUser();
    const replies = [
      await request('/api/users/me', { headers: { 'x-auth-token': 'not-a-token' } }),
      await request('/api/no-such-thing', { headers: user.headers }),
      await request(`/api/posts/${postId}/like`, { method: 'PUT', headers: user.headers }),
      await request(`/api/testimonials/not-an-id/vote`, {
        method: 'PUT',
        headers: { ...user.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ voteType: 'like' }),
      }),
    ];
    expect(replies.map((r) => r.status)).toEqual([401, 404, 200, 400]);
    for (const reply of replies) expect(reply.headers.get('cache-control')).toBe('no-store');
  });
});
