import { RateLimit } from '@app/core/rate-limit/index';
import { rateLimits } from '@app/core/rate-limit/rules';
import { Testimonial as Testimonials } from '@app/core/testimonial/index';
import { describe, expect, it } from 'vitest';
import { createTestimonial, newestFirst } from '../../../tests/content-factories';
import { asAdmin, createUser, json } from '../../../tests/factories';
import { app } from './index';

type Votes = { likes: string[]; dislikes: string[] };
type Testimonial = Record<string, unknown> & { _id: string; likes: string[]; dislikes: string[] };

const vote = (id: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(`/api/testimonials/${id}/vote`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const UNKNOWN = 'tst_01JZZZZZZZZZZZZZZZZZZZZZZZ';

describe('GET /api/testimonials', () => {
  it('pages by ?limit and X-Next-Cursor, newest first, each once; a bad cursor is 400 (decision 060)', async () => {
    for (let i = 0; i < 3; i += 1) await createTestimonial();
    const seen: string[] = [];
    const dates: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await app.request(
        `/api/testimonials?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(response.status).toBe(200);
      const page = await json<(Testimonial & { createdAt: string })[]>(response);
      expect(page.length).toBeLessThanOrEqual(2);
      seen.push(...page.map((t) => t._id));
      dates.push(...page.map((t) => t.createdAt));
      cursor = response.headers.get('X-Next-Cursor');
      pages += 1;
    } while (cursor && pages < 1000);
    expect(pages).toBeGreaterThan(1);
    expect(new Set(seen).size).toBe(seen.length);
    expect(dates).toEqual([...dates].sort().reverse());
    const whole = await json<Testimonial[]>(await app.request('/api/testimonials?limit=100'));
    expect(seen.slice(0, whole.length)).toEqual(whole.map((t) => t._id));
    for (const query of ['cursor=nope', 'limit=0', 'limit=101']) {
      const bad = await app.request(`/api/testimonials?${query}`);
      expect(bad.status, query).toBe(400);
      expect(typeof (await json<{ msg: string }>(bad)).msg).toBe('string');
    }
  });

  it('lists testimonials newest first in the spec shape', async () => {
    const older = await createTestimonial({
      quote: 'They came to my office and fixed the brakes.',
      rating: 4,
      author: { firstName: 'Dana', lastName: 'Smith' },
      profileImageUrl: '/images/avatars/dana.png',
      service: { _id: 'svc_01JSEED0000000000000000001', name: 'Brake Pad Replacement' },
      ownerResponse: 'Thanks, Dana!',
      createdAt: '2025-01-01T10:00:00.000Z',
    });
    const newer = await createTestimonial({
      quote: 'Anonymous but happy.',
      rating: 3,
      author: undefined,
      profileImageUrl: 'https://cdn.example.com/avatar.jpg',
      createdAt: '2025-02-01T10:00:00.000Z',
    });

    const list = await newestFirst<Testimonial>('/api/testimonials', newer, older);

    expect(list.find((t) => t._id === older._id)).toEqual({
      _id: older._id,
      author: { firstName: 'Dana', lastName: 'Smith' },
      authorName: 'Dana Smith',
      profileImageUrl: '/images/avatars/dana.png',
      service: { _id: 'svc_01JSEED0000000000000000001', name: 'Brake Pad Replacement' },
      createdAt: '2025-01-01T10:00:00.000Z',
      rating: 4,
      quote: 'They came to my office and fixed the brakes.',
      likes: [],
      dislikes: [],
      comments: [
        {
          text: 'Thanks, Dana!',
          content: 'Thanks, Dana!',
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ],
      featured: false,
    });
    // No author: null (the page shows 'Anonymous'); absolute image URLs are kept as given.
    expect(list.find((t) => t._id === newer._id)).toMatchObject({
      author: null,
      authorName: null,
      profileImageUrl: 'https://cdn.example.com/avatar.jpg',
      service: null,
      comments: [],
    });
  });
});

describe('GET /api/testimonials/featured', () => {
  it('returns the flagged testimonials, newest first', async () => {
    const flagged = await createTestimonial({
      featured: true,
      rating: 4,
      createdAt: '2024-05-01T00:00:00.000Z',
    });
    const flaggedNewer = await createTestimonial({
      featured: true,
      rating: 3,
      createdAt: '2024-06-01T00:00:00.000Z',
    });
    await createTestimonial({ featured: false, rating: 5 });

    const response = await app.request('/api/testimonials/featured');
    expect(response.status).toBe(200);
    const list = await json<Testimonial[]>(response);
    expect(list.map((t) => t._id)).toEqual([flaggedNewer._id, flagged._id]);
    expect(list.every((t) => t.featured === true)).toBe(true);

    // The sparse index follows the flag both ways; with none flagged, the 5-star ones show.
    await asAdmin(() => Testimonials.setFeatured({ testimonialId: flagged._id, featured: false }));
    await asAdmin(() => Testimonials.setFeatured({ testimonialId: flaggedNewer._id, featured: false }));
    const fallback = await json<Testimonial[]>(await app.request('/api/testimonials/featured'));
    expect(fallback.length).toBeGreaterThan(0);
    expect(fallback.every((t) => t.rating === 5 && !t.featured)).toBe(true);
    expect(fallback.map((t) => t._id)).not.toContain(flagged._id);
    await asAdmin(() => Testimonials.setFeatured({ testimonialId: flagged._id, featured: true }));
    const again = await json<Testimonial[]>(await app.request('/api/testimonials/featured'));
    expect(again.map((t) => t._id)).toEqual([flagged._id]);
  });
});

describe('PUT /api/testimonials/{id}/vote', () => {
  it('needs a signed-in user (401), whatever the body', async () => {
    const testimonial = await createTestimonial();
    for (const body of [{ voteType: 'like' }, { voteType: 'nope' }]) {
      const response = await vote(testimonial._id, body);
      expect(response.status).toBe(401);
      expect(await json(response)).toEqual({ msg: 'Please log in to continue.' });
    }
    const bad = await vote(testimonial._id, { voteType: 'like' }, { 'x-auth-token': 'not-a-token' });
    expect(bad.status).toBe(401);
  });

  it('likes, switches to dislike, then withdraws: one vote per user', async () => {
    const testimonial = await createTestimonial();
    const alice = await createUser();
    const bob = await createUser();

    let response = await vote(testimonial._id, { voteType: 'like' }, alice.headers);
    expect(response.status).toBe(200);
    expect(await json<Votes>(response)).toEqual({ likes: [alice._id], dislikes: [] });

    response = await vote(testimonial._id, { voteType: 'like' }, bob.headers);
    expect(await json<Votes>(response)).toEqual({ likes: [alice._id, bob._id].sort(), dislikes: [] });

    // Disliking moves Alice out of the likes.
    response = await vote(testimonial._id, { voteType: 'dislike' }, alice.headers);
    expect(await json<Votes>(response)).toEqual({ likes: [bob._id], dislikes: [alice._id] });

    // The same vote again withdraws it.
    response = await vote(testimonial._id, { voteType: 'dislike' }, alice.headers);
    expect(await json<Votes>(response)).toEqual({ likes: [bob._id], dislikes: [] });

    response = await vote(testimonial._id, { voteType: 'like' }, bob.headers);
    expect(await json<Votes>(response)).toEqual({ likes: [], dislikes: [] });

    // The list shows the same state.
    const list = await json<Testimonial[]>(await app.request('/api/testimonials'));
    expect(list.find((t) => t._id === testimonial._id)).toMatchObject({ likes: [], dislikes: [] });
  });

  it('never leaves a user in both lists when votes race', async () => {
    const testimonial = await createTestimonial();
    const user = await createUser();
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        vote(testimonial._id, { voteType: i % 2 ? 'like' : 'dislike' }, user.headers),
      ),
    );
    const list = await json<Testimonial[]>(await app.request('/api/testimonials'));
    const after = list.find((t) => t._id === testimonial._id);
    const inLikes = after?.likes.includes(user._id) ?? false;
    const inDislikes = after?.dislikes.includes(user._id) ?? false;
    expect(inLikes && inDislikes).toBe(false);
  });

  it.each([[{ voteType: 'love' }], [{}], [{ voteType: 1 }], [{ voteType: null }]])(
    'answers 400 for the invalid body %j and changes nothing',
    async (body) => {
      const testimonial = await createTestimonial();
      const user = await createUser();
      const response = await vote(testimonial._id, body, user.headers);
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({ msg: "voteType must be 'like' or 'dislike'." });
      const list = await json<Testimonial[]>(await app.request('/api/testimonials'));
      expect(list.find((t) => t._id === testimonial._id)).toMatchObject({ likes: [], dislikes: [] });
    },
  );

  it('answers 400 for a body that is not JSON', async () => {
    const testimonial = await createTestimonial();
    const user = await createUser();
    const response = await app.request(`/api/testimonials/${testimonial._id}/vote`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...user.headers },
      body: '{"voteType":',
    });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ msg: expect.any(String) });
  });

  it('answers 404 for an unknown testimonial and 400 for a malformed id', async () => {
    const user = await createUser();
    const missing = await vote(UNKNOWN, { voteType: 'like' }, user.headers);
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ msg: 'Testimonial not found.' });

    const malformed = await vote('not-an-id', { voteType: 'like' }, user.headers);
    expect(malformed.status).toBe(400);
    expect(await json(malformed)).toEqual({ msg: 'Invalid testimonial id.' });
  });

  it('is rate limited per user with 429 { msg }', async () => {
    const testimonial = await createTestimonial();
    const user = await createUser();
    const rule = rateLimits.testimonialVoteUser;
    for (let i = 0; i < rule.limit; i += 1) await RateLimit.hit(rule, user._id);

    const response = await vote(testimonial._id, { voteType: 'like' }, user.headers);
    expect(response.status).toBe(429);
    expect(await json(response)).toEqual({ msg: RateLimit.TOO_MANY, retryAfterSeconds: expect.any(Number) });
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);

    // Another user is not affected.
    const other = await createUser();
    expect((await vote(testimonial._id, { voteType: 'like' }, other.headers)).status).toBe(200);
  });
});
