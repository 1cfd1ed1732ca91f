import * as z from 'zod';
import { LinkToken } from '../auth/link-token';
import { BookingLink } from '../booking/link';
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

/**
 * The booking a usable reschedule link is for, or the link's refusal (404,
 * 400, 409 `{ msg }`): read once (LinkToken.view, counted against the link's
 * rate limit), the booking loaded and refused as replaced if it moved since
 * the link was sent.
 */
async function linked(token: string): Promise<Stored> {
  const { subject } = await LinkToken.view(BookingLink.flows.reschedule, token, {
    subject: {
      load: (bookingId) => entity.get({ id: bookingId }, { consistent: true }),
      check: (booking, link) => (BookingLink.moved(booking, link.expiresAt) ? 'replaced' : null),
    },
  });
  return subject;
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

/**
 * `POST /api/booking-links/{token}/reschedule`: the move, the link used in
 * its transaction (LinkToken.use). Lost to another use of the link: the
 * link's refusal (409 used), rather than that the booking changed; the
 * move's own conditions (time taken, booking changed, a day to read again)
 * reach the move as they are.
 */
export const rescheduleByLink = fn(z.tuple([Token, RescheduleInput]), async (token, input): Promise<Info> => {
  const booking = await linked(token);
  const moved = await move(booking, input, {
    notice: true,
    commit: async (items) => {
      const used = await LinkToken.use(BookingLink.flows.reschedule, token, items, {
        subjectId: booking.id,
        rethrow: true,
      });
      if (!used.ok) BookingLink.refuse(used.reason);
    },
  });
  return withService(moved);
});
