import { NOTHING_TO_REVIEW } from '@app/core/booking/for-review';
import { Images } from '@app/core/storage/images';
import type { Testimonial } from '@app/core/testimonial/index';
import { beforeAll, describe, expect, it } from 'vitest';
import { bucketAdminAndCustomer, createTestimonial, stored } from '../../../tests/content-factories';
import { createService, createUser, json } from '../../../tests/factories';
import { formOf, gifImage, imageFile, jpegImage, pngImage, uploadedKeys } from '../../../tests/images';
import { app } from './index';

type Msg = { msg: string };
const UNKNOWN = 'tst_01JZZZZZZZZZZZZZZZZZZZZZZZ';

const add = (headers: Record<string, string>, fields: Record<string, string>, file?: File) =>
  app.request('/api/testimonials', {
    method: 'POST',
    headers,
    body: formOf(fields, file ? { field: 'profileImage', file } : undefined),
  });

const sendJson = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  app.request(path, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const listed = async () => json<Testimonial.Info[]>(await app.request('/api/testimonials'));

let admin: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  ({ admin, customer } = await bucketAdminAndCustomer());
});

describe('POST /api/testimonials as the admin (no booking)', () => {
  it('adds a testimonial with an avatar for a catalogue service; it shows on the list', async () => {
    const service = await createService({ name: 'Admin Testimonial Service' });
    const response = await add(
      admin.headers,
      {
        serviceId: service._id,
        quote: 'They fixed my brakes at work.',
        rating: '5',
        authorName: 'Jane van Dyke',
      },
      imageFile(pngImage(), 'jane.png', 'image/png'),
    );
    expect(response.status).toBe(201);
    const created = await json<Testimonial.Info>(response);
    expect(created).toMatchObject({
      quote: 'They fixed my brakes at work.',
      rating: 5,
      authorName: 'Jane van Dyke',
      author: { firstName: 'Jane', lastName: 'van Dyke' },
      service: { _id: service._id, name: 'Admin Testimonial Service' },
      featured: false,
    });
    // A random name under /images/uploads/: never the file's own name.
    expect(created.profileImageUrl).toMatch(/^\/images\/uploads\/avatars\/[0-9a-f]{32}-sized\.png$/);
    expect(await stored(created.profileImageUrl)).toBe(true);
    expect((await listed()).map((t) => t._id)).toContain(created._id);
  });

  it('adds one without an author or an image: anonymous, no avatar', async () => {
    const service = await createService();
    const response = await add(admin.headers, {
      serviceId: service._id,
      quote: 'Quick and tidy.',
      rating: '4',
    });
    expect(response.status).toBe(201);
    expect(await json(response)).toMatchObject({ author: null, authorName: null, profileImageUrl: null });
  });

  it('checks service, quote and rating 1-5; nothing is written', async () => {
    const service = await createService();
    const before = (await listed()).length;
    const valid = { serviceId: service._id, quote: 'Fine.', rating: '3' };
    for (const [label, change] of [
      ['no service', { serviceId: '' }],
      ['unknown service', { serviceId: 'svc_01JZZZZZZZZZZZZZZZZZZZZZZZ' }],
      ['blank quote', { quote: '   ' }],
      ['rating 0', { rating: '0' }],
      ['rating 6', { rating: '6' }],
      ['rating 2.5', { rating: '2.5' }],
      ['no rating', { rating: '' }],
      ['author with a line break', { authorName: 'A\nB' }],
    ] as const) {
      const response = await add(admin.headers, { ...valid, ...change });
      expect(response.status, label).toBe(400);
      expect((await json<Msg>(response)).msg, label).toBeTruthy();
    }
    expect((await listed()).length).toBe(before);
  });

  it('is the admin’s only: a customer with no completed booking of the service gets 400, nobody 401', async () => {
    const service = await createService();
    const fields = { serviceId: service._id, quote: 'Sneaky.', rating: '5' };
    const asCustomer = await add(customer.headers, fields);
    expect(asCustomer.status).toBe(400);
    expect((await json<Msg>(asCustomer)).msg).toBe(NOTHING_TO_REVIEW);
    expect((await add({}, fields)).status).toBe(401);
    expect((await listed()).some((t) => t.quote === 'Sneaky.')).toBe(false);
  });
});

describe('PUT /api/testimonials/{id}/author', () => {
  it('sets the author name; the list shows it', async () => {
    const testimonial = await createTestimonial({ author: undefined });
    const response = await sendJson('PUT', `/api/testimonials/${testimonial._id}/author`, admin.headers, {
      authorName: '  Maria Lopez  ',
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({
      authorName: 'Maria Lopez',
      author: { firstName: 'Maria', lastName: 'Lopez' },
    });
    expect((await listed()).find((t) => t._id === testimonial._id)?.authorName).toBe('Maria Lopez');
  });

  it('refuses a blank name (400), an unknown testimonial (404), and anyone but the admin', async () => {
    const testimonial = await createTestimonial();
    const path = `/api/testimonials/${testimonial._id}/author`;
    const blank = await sendJson('PUT', path, admin.headers, { authorName: ' ' });
    expect(blank.status).toBe(400);
    expect((await json<Msg>(blank)).msg).toBe('Author name is required.');
    expect((await sendJson('PUT', path, admin.headers, {})).status).toBe(400);
    expect(
      (await sendJson('PUT', `/api/testimonials/${UNKNOWN}/author`, admin.headers, { authorName: 'X' }))
        .status,
    ).toBe(404);
    expect((await sendJson('PUT', path, customer.headers, { authorName: 'Hacker' })).status).toBe(403);
    expect((await sendJson('PUT', path, {}, { authorName: 'Hacker' })).status).toBe(401);
    expect((await listed()).find((t) => t._id === testimonial._id)?.authorName).toBe(testimonial.authorName);
  });
});

describe('PUT /api/testimonials/{id}/featured', () => {
  it('flags a testimonial for the about page’s carousel and back', async () => {
    const testimonial = await createTestimonial({ rating: 3 });
    const path = `/api/testimonials/${testimonial._id}/featured`;
    expect((await sendJson('PUT', path, customer.headers, { featured: true })).status).toBe(403);
    expect((await sendJson('PUT', path, admin.headers, { featured: 'yes' })).status).toBe(400);
    expect((await sendJson('PUT', path, admin.headers, { featured: true })).status).toBe(200);
    const featured = await json<Testimonial.Info[]>(await app.request('/api/testimonials/featured'));
    expect(featured.map((t) => t._id)).toContain(testimonial._id);
    expect((await sendJson('PUT', path, admin.headers, { featured: false })).status).toBe(200);
    const after = await json<Testimonial.Info[]>(await app.request('/api/testimonials/featured'));
    expect(after.map((t) => t._id)).not.toContain(testimonial._id);
  });
});

describe('DELETE /api/testimonials/{id}', () => {
  it('deletes the testimonial and its uploaded image', async () => {
    const service = await createService();
    const created = await json<Testimonial.Info>(
      await add(
        admin.headers,
        { serviceId: service._id, quote: 'To be deleted.', rating: '5' },
        imageFile(gifImage(), 'me.gif', 'image/gif'),
      ),
    );
    expect(await stored(created.profileImageUrl)).toBe(true);
    const path = `/api/testimonials/${created._id}`;
    expect((await sendJson('DELETE', path, customer.headers)).status).toBe(403);
    expect((await sendJson('DELETE', path, {})).status).toBe(401);
    const response = await sendJson('DELETE', path, admin.headers);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ msg: 'Testimonial deleted successfully!' });
    expect((await listed()).map((t) => t._id)).not.toContain(created._id);
    expect(await stored(created.profileImageUrl)).toBe(false);
    expect((await sendJson('DELETE', path, admin.headers)).status).toBe(404);
  });

  it('leaves a seed or external image alone (it may be shared)', async () => {
    const testimonial = await createTestimonial({ profileImageUrl: '/images/avatars/customer-1.png' });
    await Images.put('avatars/customer-1.png', pngImage());
    expect((await sendJson('DELETE', `/api/testimonials/${testimonial._id}`, admin.headers)).status).toBe(
      200,
    );
    expect(await stored('/images/avatars/customer-1.png')).toBe(true);
  });
});

describe('the images of every testimonial upload', () => {
  it('accepts a real PNG, JPEG and GIF, judged by their bytes whatever their names', async () => {
    const service = await createService();
    for (const [bytes, name, type, ext] of [
      [pngImage(), 'photo.jpg', 'image/jpeg', 'png'],
      [jpegImage(), 'photo', 'application/octet-stream', 'jpg'],
      [gifImage(), 'photo.png', 'image/png', 'gif'],
    ] as const) {
      const response = await add(
        admin.headers,
        { serviceId: service._id, quote: `A ${ext}.`, rating: '5' },
        imageFile(bytes, name, type),
      );
      expect(response.status, ext).toBe(201);
      const { profileImageUrl } = await json<Testimonial.Info>(response);
      expect(profileImageUrl).toMatch(new RegExp(`\\.${ext}$`));
      const found = await Images.get(profileImageUrl!.slice(Images.PATH_PREFIX.length));
      expect(found?.contentType).toBe(ext === 'jpg' ? 'image/jpeg' : `image/${ext}`);
      expect(new Uint8Array(await new Response(found!.body).arrayBuffer())).toEqual(bytes);
    }
  });

  it('refuses a text file named .png, an SVG (400) and a 6 MB file (413); nothing is written', async () => {
    const service = await createService();
    const before = (await listed()).length;
    const keys = await uploadedKeys();
    const fields = { serviceId: service._id, quote: 'Bad image.', rating: '5' };
    const text = await add(
      admin.headers,
      fields,
      imageFile(new TextEncoder().encode('hello'), 'a.png', 'image/png'),
    );
    expect(text.status).toBe(400);
    expect((await json<Msg>(text)).msg).toBe('Profile images must be PNG, JPG or GIF files.');
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect((await add(admin.headers, fields, imageFile(svg, 'a.svg', 'image/svg+xml'))).status).toBe(400);
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(pngImage());
    const huge = await add(admin.headers, fields, imageFile(big, 'big.png', 'image/png'));
    expect(huge.status).toBe(413);
    expect((await json<Msg>(huge)).msg).toEqual(expect.any(String));
    expect((await listed()).length).toBe(before);
    expect(await uploadedKeys()).toEqual(keys);
  });
});
