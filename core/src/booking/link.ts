import { randomBytes } from 'node:crypto';
import { startOf as visitStart } from '../auth/link-flows';
import { LinkToken } from '../auth/link-token';
import { linkTexts } from '../auth/link-texts';
import { entity as bookings } from '../booking/store';
import { absoluteUrl } from '../links';
import { type TransactItem, transactWrite } from '../db/entity';

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
 *   token was issued for; `LinkToken.use` can also require it (`subjectId`).
 *
 * Its actions are three rows of the link flow table (`booking-attend`,
 * `booking-reschedule`, `booking-cancel`: core/src/auth/link-flows.ts, which
 * derives each action's token). A flow reads one with `LinkToken.view`
 * (here `inspect`, `allowed`) and uses it with `LinkToken.use`, the change's
 * items in the same transaction (one winner of concurrent uses).
 */
export namespace BookingLink {
  export const actions = ['attend', 'reschedule', 'cancel'] as const;
  export type Action = (typeof actions)[number];

  /** The flow of each action (the link flow table). */
  export const flows = {
    attend: 'booking-attend',
    reschedule: 'booking-reschedule',
    cancel: 'booking-cancel',
  } as const satisfies Record<Action, LinkToken.FlowName>;

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
  export const startOf = (booking: Pick<For, 'date' | 'time'>) => visitStart(booking);

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
        LinkToken.prepare(flows[action], {
          token,
          subjectId: booking.id,
          owner: bookings.key({ id: booking.id }),
          // The flow's lifetime: the link stops exactly at the start.
          visit: booking,
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

  /**
   * The booking `token` may do `action` on, or why not (`invalid`, `used`,
   * `expired`). Reads only (LinkToken.view); `limit` counts the request
   * against the link's rate limit (once per request).
   */
  export async function inspect(
    token: string,
    action: Action,
    now = new Date(),
    limit = false,
  ): Promise<Found> {
    if (!actions.includes(action)) return { ok: false, reason: 'invalid' };
    const found = await LinkToken.view(flows[action], token, { now, limit });
    return found.ok ? { ok: true, bookingId: found.record.subjectId, record: found.record } : found;
  }

  /**
   * What a link allows now: its booking and each action it can still do (an
   * action used or never allowed is false). `invalid` when it allows nothing
   * it was ever given for: an unknown link; `expired` once the booking started.
   * `limit`: the request is counted against the link's rate limit (once).
   */
  export async function allowed(
    token: string,
    now = new Date(),
    limit = false,
  ): Promise<
    | { ok: true; bookingId: string; expiresAt: number; actions: Record<Action, boolean> }
    | { ok: false; reason: LinkToken.Failure }
  > {
    const found = await Promise.all(
      actions.map((action, i) => inspect(token, action, now, limit && i === 0)),
    );
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
   * The one check of "moved since the link was sent": a link expires at the
   * start its booking had when it was sent (`expiresAt`, epoch seconds), so
   * another start means the booking moved and a newer link went out.
   */
  export function moved(booking: Pick<For, 'date' | 'time'>, expiresAt: number): boolean {
    return Math.floor(startOf(booking) / 1000) !== expiresAt;
  }

  /** The refusals' texts: what the landing page and the reschedule page show (the link flow table's). */
  export const messages = linkTexts.bookingLink;

  /** Throws the reply for a refused link: 404 `{ msg }` unknown, 400 expired, 409 used/changed/closed. */
  export function refuse(reason: LinkToken.Refusal): never {
    return LinkToken.refuse(reason, flows.attend);
  }

  /**
   * The landing page of a link, optionally opened at one action's step. Its
   * path is short (`/b/<token>`) so the reminder's text, which carries it,
   * stays one segment.
   */
  export const pageUrl = (token: string, action?: Exclude<Action, 'reschedule'>) =>
    absoluteUrl(action ? LinkToken.flows[flows[action]].page(token) : `/b/${token}`);

  /** The reschedule page for a link (issue 21's rescheduling helper reads the token from `token`). */
  export const rescheduleUrl = (bookingId: string, token: string) =>
    absoluteUrl(LinkToken.flows['booking-reschedule'].page(token, bookingId));
}
