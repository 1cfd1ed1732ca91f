import { Garage } from '@app/core/garage/index';
import { toDollars } from '@app/core/money';
import { Recommended } from '@app/core/recommended/index';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { requireUser } from './auth';
import { invalidInput, pageQuery, pageReply } from './validation';

/** A recommended line on the wire (issue 33): its price in dollars, as all money on the wire. */
export const recommendationReply = (r: Garage.Recommendation) => ({
  _id: r.id,
  vehicleId: r.vehicleId,
  workOrderId: r.workOrderId,
  description: r.description,
  price: toDollars(r.priceCents),
  note: r.note,
  photoIds: r.photoIds,
  decision: r.decision,
  state: r.state,
  recommendedAt: r.recommendedAt,
  followedUpAt: r.followedUpAt ?? null,
});

const deskReply = (r: Recommended.DeskLine) => ({
  ...recommendationReply(r),
  userId: r.userId,
  customerName: r.customerName ?? '',
  vehicle: r.vehicle,
});
export type RecommendationDeskReply = ReturnType<typeof deskReply>;

const byRef = zValidator('param', Recommended.RefInput, invalidInput);

/**
 * /api/admin/recommendations (issue 33, decision 126), behind the admin guard (./index.ts; core
 * checks the role again): the desk's open recommended work by customer, paged (a bare array, the
 * next page in `X-Next-Cursor`), with dismiss and "Book it" (the booking link goes to the customer now).
 */
export const recommendationsDesk = new Hono()
  .get('/', zValidator('query', pageQuery, invalidInput), async (c) =>
    pageReply(c, await Recommended.list(c.req.valid('query')), deskReply),
  )
  .post('/:vehicleId/:id/dismiss', byRef, async (c) => {
    await Recommended.dismiss(c.req.valid('param'));
    return c.json({ msg: 'Dismissed.' });
  })
  .post('/:vehicleId/:id/book', byRef, async (c) => {
    await Recommended.bookIt(c.req.valid('param'));
    return c.json({ msg: 'The booking link was sent.' });
  });

/**
 * /api/recommendations: a vehicle's open recommended work for a booking of it (signed in: staff see
 * any vehicle's, a customer their own). The follow-up's one-click unsubscribe is
 * `/api/unsubscribe/{token}?list=recommended-work` (unsubscribe.ts), the one unsubscribe route.
 */
export const recommendations = new Hono().get(
  '/vehicle/:vehicleId',
  requireUser,
  zValidator('param', z.object({ vehicleId: Garage.vehicleId }), invalidInput),
  async (c) => c.json((await Recommended.ofVehicle(c.req.valid('param').vehicleId)).map(recommendationReply)),
);
