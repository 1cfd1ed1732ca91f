import { beforeAll, describe, expect, it } from 'vitest';
import { createService, createUser } from '../../../tests/factories';
import { formOf } from '../../../tests/images';
import { SHARED } from './cache';
import { app } from './index';
import { pagesBuilt } from './pages';

/**
 * The pages the API renders with their data (decision 072). They need the
 * web build's renderer (web/.pages); before a build the route answers 503
 * (tests/api-routes.ts) and these are skipped.
 */
const write = (
  method: 'POST' | 'PUT',
  path: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
) => app.request(path, { method, headers, body: formOf(fields) });

const page = async (path: string) => {
  const response = await app.request(`/api/pages${path}`);
  return { response, html: await response.text() };
};

let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ role: 'admin' });
});

describe.skipIf(!pagesBuilt())('GET /api/pages/*', () => {
  it('a post published by the admin is served rendered at once: content, Article JSON-LD, canonical, og:image, its data', async () => {
    const title = `Pre-rendered ${crypto.randomUUID().slice(0, 8)}`;
    const published = await write('POST', '/api/posts', admin.headers, {
      title,
      content: 'Check your **tire pressure** monthly.',
      heroImage: '/images/blog/winter-car-care.png',
    });
    expect(published.status).toBe(201);
    const post = (await published.json()) as { _id: string; slug: string };

    const { response, html } = await page(`/blog/${post.slug}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe(SHARED);
    expect(html).toContain(`<h1 id="post-title">${title}</h1>`);
    expect(html).toContain('<strong>tire pressure</strong>');
    expect(html).not.toContain('Loading post...');
    // Site-relative from npm start's build; absolute from the deploy's (./pages-build.test.ts).
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="(https://[^/"]+)?/blog/${post.slug}"/>`));
    expect(html).toMatch(
      /<meta property="og:image" content="(https:\/\/[^/"]+)?\/images\/blog\/winter-car-care.png"\/>/,
    );
    expect(html).toContain('<meta property="og:type" content="article"/>');
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(jsonLd)).toMatchObject({ '@type': 'Article', headline: title });
    const data = /<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.stringify(JSON.parse(data))).toContain(post._id);
    // The head tags are in <head>, the page in #root.
    expect(html.indexOf('rel="canonical"')).toBeLessThan(html.indexOf('</head>'));

    // Edited: the next request renders the new text.
    const edited = await write('PUT', `/api/posts/${post._id}`, admin.headers, {
      title,
      content: 'Rotate your tires every **5,000 miles**.',
    });
    expect(edited.status).toBe(200);
    const again = await page(`/blog/${post.slug}`);
    expect(again.html).toContain('<strong>5,000 miles</strong>');
    expect(again.html).not.toContain('tire pressure');
  });

  it('a post that does not exist answers 404; a path that is no data page is a JSON 404', async () => {
    const missing = await page('/blog/no-such-post-here');
    expect(missing.response.status).toBe(404);
    // The browser draws the not-found page itself (the SPA shell's empty #root).
    expect(missing.html).toContain('<div id="root"></div>');
    const other = await app.request('/api/pages/dashboard');
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ msg: 'Not found.' });
  });

  it('the services, the blog list and the testimonials arrive with their lists', async () => {
    const service = await createService({ name: `Rendered Service ${crypto.randomUUID().slice(0, 6)}` });
    const services = await page('/services');
    expect(services.response.status).toBe(200);
    expect(services.html).toContain(service.name);
    expect(services.html).not.toContain('Loading services...');
    const blog = await page('/blog');
    expect(blog.html).not.toContain('Loading posts...');
    const testimonials = await page('/testimonials');
    expect(testimonials.response.status).toBe(200);
    expect(testimonials.html).toContain('What Our Customers Say');
  });
});
