import type { Post } from '@app/core/post/index';
import type { Testimonial } from '@app/core/testimonial/index';
import { asAdmin } from './factories';

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
