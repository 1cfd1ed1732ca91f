import { ServiceArea } from '@app/core/geo/service-area';
import { toDollars } from '@app/core/money';
import { RateLimit } from '@app/core/rate-limit/index';
import { rateLimits } from '@app/core/rate-limit/rules';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { clientIp } from './auth';
import { invalidInput } from './validation';

/**
 * GET /api/service-area?zipCode=…[&street=…&city=…&state=…] (issue 20), for
 * anyone: `{ served, miles, tripFee, message }`, the trip fee in dollars,
 * `message` '' when served and the outside-the-area text when not; 400
 * `{ msg }` for a malformed or unknown ZIP. Limited per address: with a
 * street each call may geocode through Amazon Location.
 */
export const serviceArea = new Hono().get(
  '/',
  zValidator('query', ServiceArea.Query, invalidInput),
  async (c) => {
    await RateLimit.hit(rateLimits.serviceAreaIp, clientIp(c));
    const { served, miles, tripFeeCents, message } = await ServiceArea.check(c.req.valid('query'));
    return c.json({ served, miles, tripFee: toDollars(tripFeeCents), message });
  },
);
