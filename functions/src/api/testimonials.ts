import { VisibleError } from '@app/core/error';
import { Testimonial } from '@app/core/testimonial/index';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { requireUser } from './auth';
import { invalidInput } from './validation';

/** A multipart field as text: a file where text belongs counts as missing. */
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * /api/testimonials (doc 1 §7, doc 2 §7): the list, the carousel's featured
 * ones, voting, and a customer's review of a completed booking (multipart:
 * serviceId, bookingId, quote, rating, and an optional profileImage file).
 */
export const testimonials = new Hono()
  .get('/', async (c) => c.json(await Testimonial.list()))
  .post('/', requireUser, async (c) => {
    if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
      throw new VisibleError('invalid', 'Send the review as multipart/form-data.');
    }
    const form = await c.req.parseBody().catch(() => {
      throw new VisibleError('invalid', 'The form could not be read.');
    });
    const file = form.profileImage;
    const image = file instanceof File && file.size > 0 ? file : undefined;
    if (image && image.size > Testimonial.MAX_IMAGE_BYTES) {
      throw new VisibleError('too_large', Testimonial.IMAGE_TOO_LARGE);
    }
    const testimonial: Testimonial.Info = await Testimonial.submit(
      {
        bookingId: text(form.bookingId) ?? '',
        serviceId: text(form.serviceId) ?? '',
        quote: text(form.quote) ?? '',
        rating: text(form.rating) ?? '',
      },
      image ? new Uint8Array(await image.arrayBuffer()) : undefined,
    );
    return c.json(testimonial, 201);
  })
  .get('/featured', async (c) => c.json(await Testimonial.featured()))
  .put(
    '/:id/vote',
    requireUser,
    zValidator('param', z.object({ id: Testimonial.id }), invalidInput),
    zValidator('json', Testimonial.VoteInput, invalidInput),
    async (c) => {
      const votes: Testimonial.Votes = await Testimonial.vote({
        testimonialId: c.req.valid('param').id,
        voteType: c.req.valid('json').voteType,
      });
      return c.json(votes);
    },
  );
