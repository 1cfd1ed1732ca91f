import { Testimonial } from '@app/core/testimonial/index';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { requireAdmin, requireUser } from './auth';
import { readImageForm, text, uploadLimit } from './uploads';
import { invalidInput, pageQuery, pageReply } from './validation';

const byId = zValidator('param', z.object({ id: Testimonial.id }), invalidInput);

/**
 * /api/testimonials (doc 1 §7, doc 2 §7): the list, the carousel's featured
 * ones, voting, and POST: one route for a customer's review of a completed
 * booking and the admin's testimonial without one (multipart: serviceId,
 * quote, rating, an optional profileImage file; bookingId for a review,
 * authorName for the admin; core decides by role). The admin edits the
 * author, the featured flag, and deletes.
 */
export const testimonials = new Hono()
  .get('/', zValidator('query', pageQuery, invalidInput), async (c) => {
    return pageReply(c, await Testimonial.list(c.req.valid('query')));
  })
  .post('/', requireUser, uploadLimit(Testimonial.IMAGE_TOO_LARGE), async (c) => {
    const { fields, image } = await readImageForm(c, 'profileImage', {
      maxBytes: Testimonial.MAX_IMAGE_BYTES,
      tooLarge: Testimonial.IMAGE_TOO_LARGE,
      notMultipart: 'Send the testimonial as multipart/form-data.',
    });
    const testimonial: Testimonial.Info = await Testimonial.submit(
      {
        bookingId: text(fields.bookingId) || undefined,
        serviceId: text(fields.serviceId) ?? '',
        quote: text(fields.quote) ?? '',
        rating: text(fields.rating) ?? '',
        authorName: text(fields.authorName),
      },
      image,
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
  )
  .put(
    '/:id/author',
    requireAdmin,
    byId,
    zValidator('json', Testimonial.AuthorInput, invalidInput),
    async (c) => {
      const testimonial: Testimonial.Info = await Testimonial.setAuthor({
        testimonialId: c.req.valid('param').id,
        authorName: c.req.valid('json').authorName,
      });
      return c.json(testimonial);
    },
  )
  .put(
    '/:id/featured',
    requireAdmin,
    byId,
    zValidator(
      'json',
      z.object({ featured: z.boolean({ error: 'featured must be true or false.' }) }),
      invalidInput,
    ),
    async (c) => {
      const testimonial: Testimonial.Info = await Testimonial.setFeatured({
        testimonialId: c.req.valid('param').id,
        featured: c.req.valid('json').featured,
      });
      return c.json(testimonial);
    },
  )
  .delete('/:id', requireAdmin, byId, async (c) => {
    await Testimonial.remove(c.req.valid('param').id);
    return c.json({ msg: 'Testimonial deleted successfully!' });
  });
