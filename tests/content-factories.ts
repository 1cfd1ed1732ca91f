import type { Post } from '@app/core/post/index';
import type { Testimonial } from '@app/core/testimonial/index';
import { expect } from 'vitest';
import { app } from '../functions/src/api/index';
import { asAdmin, createUser, json } from './factories';

/** Factories for the public site's content (issue 4). Content is created as an admin, as the seed does. */
let counter = 0;

/** A testimonial with sensible defaults; override what the test is about. */
export async function createTestimonial(
  overrides: Partial<Testimonial.CreateInput> = {},
): Promise<Testimonial.Info> {
  const { Testimonial } = await import('@app/core/testimonial/index');
  counter += 1;
  const { testimonial } = await asAdmin(() =>
    Testimonial.create({
      quote: `Great service number ${counter}.`,
      rating: 5,
      author: { firstName: 'Pat', lastName: `Customer${counter}` },
      ...overrides,
    }),
  );
  return testimonial;
}

/** A post with sensible defaults (a unique slug from its title); override what the test is about. */
export async function createPost(overrides: Partial<Post.CreateInput> = {}): Promise<Post.Detail> {
  const { Post } = await import('@app/core/post/index');
  counter += 1;
  const { post } = await asAdmin(() =>
    Post.create({
      title: `Test Post ${counter} ${crypto.randomUUID().slice(0, 8)}`,
      content: `# Heading ${counter}\n\nSome *markdown* text.`,
      ...overrides,
    }),
  );
  return post;
}

/** The public list at `path` (posts, testimonials): 200, with `newer` before `older`. */
export async function newestFirst<T extends { _id: string }>(
  path: string,
  newer: { _id: string },
  older: { _id: string },
): Promise<T[]> {
  const response = await app.request(path);
  expect(response.status).toBe(200);
  const list = await json<T[]>(response);
  const ids = list.map((item) => item._id);
  expect(ids.indexOf(newer._id)).toBeLessThan(ids.indexOf(older._id));
  return list;
}

/** Whether this test file's bucket holds the image a URL names. */
export async function stored(url: string | null): Promise<boolean> {
  if (!url) return false;
  const { Images } = await import('@app/core/storage/images');
  const found = await Images.get(url.slice(Images.PATH_PREFIX.length));
  await found?.body.cancel();
  return found !== null;
}

/** This test file's bucket made, and an admin and a customer signed in: who the content admin tests send as. */
export async function bucketAdminAndCustomer() {
  const { Storage } = await import('@app/core/storage/index');
  await Storage.ensureBucket();
  const [admin, customer] = await Promise.all([createUser({ role: 'admin' }), createUser()]);
  return { admin, customer };
}
