import { Testimonial } from '@app/core/testimonial/index';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { requireUser } from './auth';
import { invalidInput } from './validation';

/** /api/testimonials (doc 1 §7, doc 2 §7): the list, the carousel's featured ones, and voting. */
export const testimonials = new Hono()
  .get('/', async (c) => c.json(await Testimonial.list()))
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
