import { createHash, randomBytes } from 'node:crypto';
import { LinkToken } from '../auth/link-token';
import { absoluteUrl } from '../links';
import { type TransactItem, transactWrite } from '../db/entity';
import * as time from '../time';

/**
 * A booking's link (issue 21, decision 074): what a reminder (or the
 * confirmation of a booking made inside the reminder window) carries so the
 * customer can answer without signing in: "I'll be there", "Reschedule",
 * "Cancel".
 *
 * - **One link, one booking, the actions it allows.** `prepare` makes a link
 *   token (43 base64url characters, 256 bits) for one booking and the
 *   actions asked for (all three by default; one for a single-action link).
 *   For each action a token is derived from it (SHA-256 of the action and
 *   the link) and stored through `LinkToken` (purpose `booking-<action>`,
 *   hashed): the table holds neither the link nor a usable action token.
 * - **Single use per action.** Using the link for `attend` consumes its
 *   attend token only; the same link can still cancel, once.
 * - **Expires at the booking's start**, read from the item (and TTL).
 * - **Reaches only its booking**: every read answers the booking id the
 *   token was issued for; `useItem` can also require it in the transaction.
 *
 * How a flow uses one (e.g. rescheduling by link, POST with the token):
 *
 * ```ts
 * const found = await BookingLink.inspect(token, 'reschedule');
 * if (!found.ok) BookingLink.refuse(found.reason);          // 4xx { msg }
 * if (found.bookingId !== bookingId) BookingLink.refuse('invalid');
 * // ... build the change's items, then one transaction:
 * await transactWrite([BookingLink.useItem(token, 'reschedule', { bookingId }), ...items]);
 * // or: await BookingLink.redeemWith(token, 'reschedule', () => items)  (one winner of concurrent uses)
 * ```
 */
export namespace BookingLink {
  export const actions = ['attend', 'reschedule', 'cancel'] as const;
  export type Action = (typeof actions)[number];

  const purposes: Record<Action, LinkToken.Purpose> = {
    attend: 'booking-attend',
    reschedule: 'booking-reschedule',
    cancel: 'booking-cancel',
  };

  /** The action's own token, derived from the link: 43 base64url characters. */
  const actionToken = (token: string, action: Action) =>
    createHash('sha256').update(`booking-link:${action}:${token}`).digest('base64url');

  /** What a link is for: a booking's id and its start (the link's expiry). */
  export type For = { id: string; date: string; time: string };

  export type Prepared = {
    /** The link token, to put in URLs (never stored). */
    token: string;
    /** The booking's start: the link works until then. */
    expiresAt: Date;
    actions: readonly Action[];
    /** The token items, to write in the transaction of what sends the link (the reminder's marker and mail). */
    items: TransactItem[];
  };

  /** When a booking starts (epoch ms). */
  export const startOf = (booking: Pick<For, 'date' | 'time'>) =>
    Date.parse(time.instantOf(booking.date, booking.time));

  /**
   * A new link for `booking` allowing `actions` (default: all three), and the
   * items that store its tokens. Throws when the booking has already
   * started (a link would be born expired).
   */
  export function prepare(booking: For, options: { actions?: readonly Action[]; now?: Date } = {}): Prepared {
    const now = options.now ?? new Date();
    const allowed = options.actions ?? actions;
    const start = startOf(booking);
    if (start <= now.getTime()) throw new RangeError(`Booking ${booking.id} has started: no link for it.`);
    const token = randomBytes(32).toString('base64url');
    const items = allowed.map(
      (action) =>
        LinkToken.prepare({
          purpose: purposes[action],
          token: actionToken(token, action),
          subjectId: booking.id,
          ownerPk: `BOOKING#${booking.id}`,
          // Not rounded: the link stops exactly at the start.
          ttlSeconds: (start - now.getTime()) / 1000,
          now,
        }).item,
    );
    return { token, expiresAt: new Date(start), actions: allowed, items };
  }

  /** `prepare` and write: a link on its own (tests, support). */
  export async function issue(
    booking: For,
    options: { actions?: readonly Action[]; now?: Date } = {},
  ): Promise<{ token: string; expiresAt: Date }> {
    const prepared = prepare(booking, options);
    await transactWrite(prepared.items);
    return { token: prepared.token, expiresAt: prepared.expiresAt };
  }

  export type Found =
    { ok: true; bookingId: string; record: LinkToken.Stored } | { ok: false; reason: LinkToken.Failure };

  /** The booking `token` may do `action` on, or why not (`invalid`, `used`, `expired`). Reads only. */
  export async function inspect(token: string, action: Action, now = new Date()): Promise<Found> {
    if (!actions.includes(action)) return { ok: false, reason: 'invalid' };
    const found = await LinkToken.inspect(purposes[action], actionToken(token, action), now);
    return found.ok ? { ok: true, bookingId: found.record.subjectId, record: found.record } : found;
  }

  /**
   * What a link allows now: its booking and each action it can still do (an
   * action used or never allowed is false). `invalid` when it allows nothing
   * it was ever given for: an unknown link; `expired` once the booking started.
   */
  export async function allowed(
    token: string,
    now = new Date(),
  ): Promise<
    | { ok: true; bookingId: string; expiresAt: number; actions: Record<Action, boolean> }
    | { ok: false; reason: LinkToken.Failure }
  > {
    const found = await Promise.all(actions.map((action) => inspect(token, action, now)));
    const usable = found.filter((f) => f.ok);
    const first = usable[0];
    if (!first) {
      const reasons = found.map((f) => (f.ok ? 'invalid' : f.reason));
      const reason = reasons.includes('expired') ? 'expired' : reasons.includes('used') ? 'used' : 'invalid';
      return { ok: false, reason };
    }
    return {
      ok: true,
      bookingId: first.bookingId,
      expiresAt: first.record.expiresAt,
      actions: Object.fromEntries(actions.map((action, i) => [action, found[i]?.ok === true])) as Record<
        Action,
        boolean
      >,
    };
  }

  /**
   * The item that uses `token` for `action`, to write in the transaction of
   * the change it authorises: its condition fails unless the action's token
   * exists, is unused, not expired and (with `bookingId`) for that booking.
   */
  export function useItem(
    token: string,
    action: Action,
    options: { bookingId?: string; now?: Date } = {},
  ): TransactItem {
    return LinkToken.useTokenItem(
      purposes[action],
      actionToken(token, action),
      options.now ?? new Date(),
      options.bookingId,
    );
  }

  /**
   * Uses `token` for `action` and writes `changes` in one transaction
   * (LinkToken.redeemWith, the one redemption): of concurrent uses exactly
   * one wins; the others get `used` (or `stale` when a change's own
   * condition failed).
   */
  export function redeemWith(
    token: string,
    action: Action,
    changes: (bookingId: string) => TransactItem[] | Promise<TransactItem[]>,
    now = new Date(),
  ): Promise<{ ok: true; record: LinkToken.Stored } | { ok: false; reason: LinkToken.Failure }> {
    return LinkToken.redeemWith(
      purposes[action],
      actionToken(token, action),
      (record) => changes(record.subjectId),
      now,
    );
  }

  /** The refusals' texts: what the landing page and the reschedule page show. */
  export const messages = {
    invalid:
      'This link is not valid. Please use the latest link we sent you, or sign in to see your booking.',
    used: 'This link has already been used for that. Sign in to see your booking as it is now.',
    expired: 'This link has expired: the appointment has already started.',
    stale: 'This booking changed since the link was sent. Please use the latest link we sent you.',
    replaced: 'This booking has moved since the link was sent. Please use the latest link we sent you.',
    settled: 'This booking is no longer open, so the link cannot change it.',
  } as const;

  export const replies: LinkToken.Replies = {
    invalid: { kind: 'not_found', msg: messages.invalid },
    used: { kind: 'conflict', msg: messages.used, extra: { reason: 'used' } },
    expired: { kind: 'invalid', msg: messages.expired, extra: { reason: 'expired' } },
    stale: { kind: 'conflict', msg: messages.stale, extra: { reason: 'stale' } },
    replaced: { kind: 'conflict', msg: messages.replaced, extra: { reason: 'replaced' } },
    settled: { kind: 'conflict', msg: messages.settled, extra: { reason: 'settled' } },
  };

  /** Throws the reply for a refused link: 404 `{ msg }` unknown, 400 expired, 409 used/changed/closed. */
  export function refuse(reason: LinkToken.Refusal): never {
    return LinkToken.refuse(reason, replies);
  }

  /**
   * The landing page of a link, optionally opened at one action's step. Its
   * path is short (`/b/<token>`) so the reminder's text, which carries it,
   * stays one segment.
   */
  export const pageUrl = (token: string, action?: Exclude<Action, 'reschedule'>) =>
    absoluteUrl(`/b/${token}${action ? `?action=${action}` : ''}`);

  /** The reschedule page for a link (issue 21's rescheduling helper reads the token from `token`). */
  export const rescheduleUrl = (bookingId: string, token: string) =>
    absoluteUrl(`/reschedule/${bookingId}?token=${token}`);
}
