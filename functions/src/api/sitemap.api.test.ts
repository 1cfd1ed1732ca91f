import { config } from '@app/core/config';
import { publicPages } from '@app/core/public-pages';
import { describe, expect, it } from 'vitest';
import { createPost } from '../../../tests/content-factories';
import { app } from './index';

const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

describe('GET /api/sitemap.xml', () => {
  it('lists the public pages, every service and every post, on the public URL, cached briefly', async () => {
    const site = config().publicUrl;
    const post = await createPost({
      title: 'Sitemap & You',
      slug: `sitemap-test-${crypto.randomUUID().slice(0, 8)}`,
    });
    const response = await app.request('/api/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const xml = await response.text();
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    const listed = locations(xml);
    for (const path of publicPages) expect(listed).toContain(`${site}${path}`);
    expect(listed).toContain(`${site}/blog/${post.slug}`);
    const services = (await (await app.request('/api/services')).json()) as { _id: string }[];
    for (const service of services) expect(listed).toContain(`${site}/book/${service._id}`);
    // The post's last change, as a date.
    expect(xml).toContain(
      `<loc>${site}/blog/${post.slug}</loc><lastmod>${post.updatedAt.slice(0, 10)}</lastmod>`,
    );
  });

  it('lists a post as soon as it is published', async () => {
    const slug = `fresh-${crypto.randomUUID().slice(0, 8)}`;
    const before = locations(await (await app.request('/api/sitemap.xml')).text());
    expect(before.some((loc) => loc?.endsWith(`/blog/${slug}`))).toBe(false);
    await createPost({ title: 'Fresh post', slug });
    const after = locations(await (await app.request('/api/sitemap.xml')).text());
    expect(after).toContain(`${config().publicUrl}/blog/${slug}`);
    expect(after.length).toBe(before.length + 1);
  });
});
