import { db, tableName } from '@app/core/db/client';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { json } from '../../../tests/factories';
import { app } from '../api/index';
import { localImages } from './images';
import { seed } from './seed';

const admin = { adminEmail: 'admin@example.com', adminPassword: 'admin-password' };

type Testimonial = {
  _id: string;
  author: unknown;
  rating: number;
  comments: unknown[];
  featured: boolean;
  profileImageUrl: string | null;
};
type Post = {
  _id: string;
  slug: string;
  heroImage: string | null;
  allowLikes: boolean;
  allowComments: boolean;
};

describe('the public site seed (v2)', () => {
  it('reaches a data dir seeded by v1, and running again adds nothing', async () => {
    // A data dir from before issue 4: only the v1 marker.
    await db().send(
      new PutCommand({ TableName: tableName(), Item: { pk: 'SEED', sk: 'v1', _type: 'seed' } }),
    );
    expect(await seed(admin)).toBe('seeded');
    expect(await seed(admin)).toBe('already seeded');

    const testimonials = await json<Testimonial[]>(await app.request('/api/testimonials'));
    const posts = await json<Post[]>(await app.request('/api/posts'));
    const reviews = await json<unknown[]>(await app.request('/api/google-reviews'));

    // An interrupted v2 (no marker) runs again without duplicates.
    await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk: 'SEED', sk: 'v2' } }));
    expect(await seed(admin)).toBe('seeded');
    expect(await json<unknown[]>(await app.request('/api/testimonials'))).toHaveLength(testimonials.length);
    expect(await json<unknown[]>(await app.request('/api/posts'))).toHaveLength(posts.length);
    expect(await json<unknown[]>(await app.request('/api/google-reviews'))).toEqual(reviews);
  });

  it('has the testimonials the pages need', async () => {
    const testimonials = await json<Testimonial[]>(await app.request('/api/testimonials'));
    expect(testimonials.length).toBeGreaterThanOrEqual(6);
    expect(testimonials.some((t) => t.comments.length > 0)).toBe(true);
    expect(testimonials.some((t) => t.author === null)).toBe(true);
    expect(new Set(testimonials.map((t) => t.rating)).size).toBeGreaterThanOrEqual(3);
    const featured = await json<Testimonial[]>(await app.request('/api/testimonials/featured'));
    expect(featured.length).toBeGreaterThanOrEqual(3);
    expect(featured.every((t) => t.featured)).toBe(true);
  });

  it('has three posts with real markdown and mixed likes/comments settings', async () => {
    const posts = await json<Post[]>(await app.request('/api/posts'));
    expect(posts).toHaveLength(3);
    expect(new Set(posts.map((p) => `${p.allowLikes}/${p.allowComments}`)).size).toBeGreaterThanOrEqual(2);
    expect(posts.some((p) => !p.allowLikes)).toBe(true);
    expect(posts.some((p) => !p.allowComments)).toBe(true);
    for (const post of posts) {
      const full = await json<{ content: string }>(await app.request(`/api/posts/${post.slug}`));
      expect(full.content).toMatch(/^## /m);
      expect(full.content).toMatch(/^(- |\d+\. )/m);
      expect(full.content).toMatch(/\]\((https?:|\/|mailto:)/);
    }
    const withImage = await json<{ content: string }>(
      await app.request('/api/posts/winter-car-care-checklist'),
    );
    expect(withImage.content).toMatch(/!\[[^\]]+\]\(\/images\/[^)]+\.png\)/);
  });

  it('uploads every image the seeded items refer to, served as PNG under /images/', async () => {
    const testimonials = await json<Testimonial[]>(await app.request('/api/testimonials'));
    const posts = await json<Post[]>(await app.request('/api/posts'));
    const reviews = await json<{ profile_photo_url: string }[]>(await app.request('/api/google-reviews'));
    const winter = await json<{ content: string }>(await app.request('/api/posts/winter-car-care-checklist'));
    const urls = new Set(
      [
        ...testimonials.map((t) => t.profileImageUrl),
        ...posts.map((p) => p.heroImage),
        ...reviews.map((r) => r.profile_photo_url),
        ...[...winter.content.matchAll(/\((\/images\/[^)]+)\)/g)].map((m) => m[1]),
      ].filter((url): url is string => Boolean(url)),
    );
    expect(urls.size).toBeGreaterThanOrEqual(8);
    for (const url of urls) {
      expect(url).toMatch(/^\/images\//);
      const response = await localImages.request(`http://localhost${url}`);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    }
  });
});
