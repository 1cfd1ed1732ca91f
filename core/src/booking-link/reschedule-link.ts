import * as z from 'zod';
import { useClientIp } from '../actor';
import { BookingLink } from '../booking/link';
import { VisibleError } from '../error';
import { RateLimit } from '../rate-limit/index';
import { rateLimits } from '../rate-limit/rules';
import { fn } from '../util/fn';
import type { Availability } from '../booking/availability';
import {
  type ForReschedule,
  move,
  RescheduleInput,
  pageOf,
  TimesQuery,
  timesFor,
} from '../reschedule/reschedule';
import { entity, type Info, type Stored, withService } from '../booking/store';

/**
 * Rescheduling by a reminder's link (issue 21, decisions 074 and 075): the
 * holder of a booking link's `reschedule` token, without signing in. The
 * token reaches only its booking; the move is the owner's (reschedule.ts
 * `move`, notice hours and all), with the token's use in its transaction,
 * so two moves by one link at once cannot both happen. A link sent before
 * the booking moved (its expiry was the old start) is refused as replaced.
 */

// A literal, not BookingLink.messages: the namespace may not be initialised yet when this module loads.
const Token = z.string().max(200, 'This link is not valid.');

/** The booking a usable reschedule link is for, or the link's refusal (404, 400, 409 `{ msg }`). */
async function linked(token: string): Promise<Stored> {
  await RateLimit.hit(rateLimits.bookingLinkIp, useClientIp());
  const found = await BookingLink.inspect(token, 'reschedule');
  if (!found.ok) BookingLink.refuse(found.reason);
  const booking = await entity.get({ id: found.bookingId }, { consistent: true });
  if (!booking) BookingLink.refuse('invalid');
  // The link expires at the start the booking had when it was sent: another start means it moved since.
  if (found.record.expiresAt !== Math.floor(BookingLink.startOf(booking) / 1000)) {
    BookingLink.refuse('replaced');
  }
  return booking;
}

/** `GET /api/booking-links/{token}/reschedule`: the link's booking and whether it can still move. */
export const forRescheduleByLink = fn(Token, async (token): Promise<ForReschedule> => {
  return pageOf(await linked(token));
});

/** `GET /api/booking-links/{token}/reschedule/times?date=`. */
export const rescheduleTimesByLink = fn(
  z.tuple([Token, TimesQuery]),
  async (token, query): Promise<Availability> => timesFor(await linked(token), query.date, { notice: true }),
);

/** `POST /api/booking-links/{token}/reschedule`: the move, the link used in its transaction. */
export const rescheduleByLink = fn(z.tuple([Token, RescheduleInput]), async (token, input): Promise<Info> => {
  const booking = await linked(token);
  try {
    const moved = await move(booking, input, {
      notice: true,
      extra: () => [BookingLink.useItem(token, 'reschedule', { bookingId: booking.id })],
    });
    return withService(moved);
  } catch (error) {
    // Lost to another use of the link: say so, rather than that the booking changed.
    if (error instanceof VisibleError && error.kind === 'conflict') {
      const again = await BookingLink.inspect(token, 'reschedule');
      if (!again.ok) BookingLink.refuse(again.reason);
    }
    throw error;
  }
});
