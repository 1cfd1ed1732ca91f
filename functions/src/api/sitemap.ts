import { config } from '@app/core/config';
import { Post } from '@app/core/post/index';
import { publicPages } from '@app/core/public-pages';
import { Service } from '@app/core/service/index';
import { Hono } from 'hono';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char,
  );

const entry = (loc: string, lastmod?: string) =>
  `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>`;

/**
 * GET /api/sitemap.xml, served as /sitemap.xml by the local server and the
 * Router (decision 044): the public pages (the pre-rendered list), each
 * service's booking page and every blog post (slug and date only, up to
 * Post.SITEMAP_MAX_POSTS), read at request time so a new
 * post or service is listed at once (the reply is cached for 5 minutes:
 * ./cache.ts). Addresses are absolute, on the site's PUBLIC_URL.
 */
export const sitemap = new Hono().get('/', async (c) => {
  const site = config().publicUrl;
  const [services, posts] = await Promise.all([Service.list(), Post.forSitemap()]);
  const urls = [
    ...publicPages.map((path) => entry(`${site}${path}`)),
    ...services.map((service) => entry(`${site}/book/${encodeURIComponent(service._id)}`)),
    ...posts.map((post) =>
      entry(`${site}/blog/${encodeURIComponent(post.slug)}`, post.updatedAt.slice(0, 10)),
    ),
  ];
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
  return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8' });
});
