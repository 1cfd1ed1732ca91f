import { createHash } from 'node:crypto';
import { config } from '../config';
import type { ErrorKind } from '../error';
import type { RateLimit } from '../rate-limit/index';
import { rateLimits } from '../rate-limit/rules';
import * as time from '../time';
import { linkTexts } from './link-texts';

/**
 * Every link we mail or text, in one table (issue 32, decision 110): for each
 * flow, its token's purpose, how long a link lives, the page it opens,
 * whether it is used once (`LinkToken.use`, in the transaction of the change
 * it authorises) or only viewed (`LinkToken.view`, never used up), its
 * replies when refused, and the per-address rate limit its requests count
 * against. A new link is a row here, never a constant in its domain.
 */

export const purposes = [
  'verify-email',
  'reset-password',
  'confirm-booking',
  'acknowledge-work-order',
  // The customer's tracking page of one visit (decision 076): read many times, never used up.
  'track-booking',
  // Turns review requests off for an account (RFC 8058 one-click, decision 076): never used up.
  'unsubscribe-review-requests',
  // Turns recommended work's follow-ups off for an account (issue 33, decision 126): never used up.
  'unsubscribe-recommended-work',
  // A booking's link (core/src/booking-link, issue 21): one purpose per action it allows.
  'booking-attend',
  'booking-reschedule',
  'booking-cancel',
  // The one-time code that lets a customer confirm a work order's amount from their own device (decision 091).
  'confirm-work-order-price',
  // The one-time code mailed to answer an estimate in the work order portal (decision 127).
  'answer-estimate-portal',
  // A technician's or the admin's calendar subscription feed (issue 36, decision 118): viewed by calendar apps, never used up.
  'calendar-feed',
  // Marketing (issue 34, decision 124): withdraws the account's marketing consent (one-click); never used up.
  'unsubscribe-marketing',
  // "Not now" on one "your car is due" notice: closes that due item; never used up.
  'due-not-now',
  // A tip after the job from the receipt's link (issue 35, decision 130): used once, by the tip's charge.
  'tip-after-job',
  // A plan's "Manage your plan" link (issue 35, decisions 133, 134): used by each action, which hands on a fresh one.
  'manage-plan',
] as const;
export type Purpose = (typeof purposes)[number];

/**
 * Why a token cannot be used. `stale`: the token is fine but what it acts
 * on changed since it was sent (e.g. the password was changed after a reset
 * link was mailed), so the change it carries no longer applies.
 */
export type Failure = 'invalid' | 'used' | 'expired' | 'stale';

/**
 * Why a flow refuses a link: the token's own failure, `replaced` (a newer
 * link was sent for the same subject, or the subject moved), `settled`
 * (the subject no longer waits for this link: answered, acknowledged) or
 * `raced` (the link was usable when this request read it, and a request at
 * the same moment used it first: the loser of a race, told apart from a
 * later re-use, which is `used`). A link whose subject is gone is `invalid`.
 */
export type Refusal = Failure | 'replaced' | 'settled' | 'raced';

export type Reply = { kind: ErrorKind; msg: string; extra?: Record<string, unknown> };

/** A flow's reply to each refusal; one it does not list gets its reply for `invalid`. */
export type Replies = { invalid: Reply } & Partial<Record<Exclude<Refusal, 'invalid'>, Reply>>;

/** The booking a link ends with (its start, or the end of its day). */
export type Visit = { date: string; time: string };

export type Flow = {
  purpose: Purpose;
  /** `once`: used up by `LinkToken.use`; `view`: read by `LinkToken.view` as often as wanted until it expires. */
  kind: 'once' | 'view';
  /** When a link made at `now` (epoch ms) stops working (epoch ms); `visit` for the links that end with a booking. */
  expires: (now: number, visit?: Visit) => number;
  /** The page the link opens (a path: `absoluteUrl` makes it whole), or null for a code typed in person. */
  page: ((token: string, subjectId: string) => string) | null;
  replies: Replies;
  /** Requests per client address, counted once per request by `LinkToken.view`; null: none. */
  rateLimit: RateLimit.Rule | null;
  /** The stored token, when the flow derives it from the link's (a booking link's action tokens). */
  derive?: (token: string) => string;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long a shop-made account's invitation works (decision 028), as its mail says. */
export const INVITATION_DAYS = 7;
/** The end of a link that does not run out (a calendar feed's, until replaced): 9999-12-31. */
const NEVER = Date.UTC(9999, 11, 31);
/** How long a price code works (decision 091), as its message says. */
export const PRICE_CODE_MINUTES = 30;

/** When a booking starts (epoch ms). */
export const startOf = (visit: Visit) => Date.parse(time.instantOf(visit.date, visit.time));

const visitOf = (visit: Visit | undefined): Visit => {
  if (!visit) throw new RangeError('This link ends with a booking: give its date and time.');
  return visit;
};

/** 400 `{ msg, reason }` for a link that cannot be used, saying why (the account's links). */
const saying = (texts: { invalid: string; used: string; expired: string }): Replies => {
  const reply = (shown: 'invalid' | 'used' | 'expired') => ({
    kind: 'invalid' as const,
    msg: texts[shown],
    extra: { reason: shown },
  });
  return { invalid: reply('invalid'), used: reply('used'), expired: reply('expired') };
};

const confirmBookingReply = (reason: string, msg: string): Reply => ({
  kind: 'invalid',
  msg,
  extra: { reason },
});

const acknowledged: Reply = {
  kind: 'invalid',
  msg: linkTexts.acknowledgeWorkOrder.acknowledged,
  extra: { message: linkTexts.acknowledgeWorkOrder.acknowledged, alreadyAcknowledged: true },
};

const bookingLinkReplies: Replies = {
  invalid: { kind: 'not_found', msg: linkTexts.bookingLink.invalid },
  used: { kind: 'conflict', msg: linkTexts.bookingLink.used, extra: { reason: 'used' } },
  expired: { kind: 'invalid', msg: linkTexts.bookingLink.expired, extra: { reason: 'expired' } },
  stale: { kind: 'conflict', msg: linkTexts.bookingLink.stale, extra: { reason: 'stale' } },
  replaced: { kind: 'conflict', msg: linkTexts.bookingLink.replaced, extra: { reason: 'replaced' } },
  settled: { kind: 'conflict', msg: linkTexts.bookingLink.settled, extra: { reason: 'settled' } },
};

/**
 * A booking link's action: single use, ending at the booking's start to the millisecond; its
 * stored token derived from the link's (43 base64url characters).
 */
const bookingAction = <
  A extends 'attend' | 'reschedule' | 'cancel',
  P extends (token: string, bookingId: string) => string,
>(
  action: A,
  page: P,
) => ({
  purpose: `booking-${action}` as const,
  kind: 'once' as const,
  expires: (_now: number, visit?: Visit) => startOf(visitOf(visit)),
  page,
  replies: bookingLinkReplies,
  rateLimit: rateLimits.bookingLinkIp,
  derive: (token: string) =>
    createHash('sha256').update(`booking-link:${action}:${token}`).digest('base64url'),
});

/** A link that leaves a list (the /unsubscribe page, `query` naming the list): a view for a year. */
const unsubscribeFlow = <P extends Purpose>(purpose: P, query: string) => ({
  purpose,
  kind: 'view' as const,
  expires: (now: number) => now + 365 * DAY,
  page: (token: string) => `/unsubscribe/${token}${query}`,
  replies: { invalid: { kind: 'not_found' as const, msg: linkTexts.unsubscribe.invalid } },
  rateLimit: rateLimits.unsubscribeLinkIp,
});

const resetPassword: Flow = {
  purpose: 'reset-password',
  kind: 'once',
  expires: (now) => now + HOUR,
  page: (token) => `/reset-password/${token}`,
  replies: saying(linkTexts.resetPassword),
  rateLimit: null,
};

const codeRequired = { codeRequired: true };

export const flows = {
  'verify-email': {
    purpose: 'verify-email',
    kind: 'once',
    expires: (now) => now + DAY,
    page: (token) => `/verify-email/${token}`,
    replies: saying(linkTexts.verifyEmail),
    rateLimit: null,
  },
  'reset-password': resetPassword,
  /** A shop-made account's first password (customers and technicians alike): a reset link that lives longer. */
  invitation: { ...resetPassword, expires: (now) => now + INVITATION_DAYS * DAY },
  /** Ends at the earlier of seven days and the booking's start. */
  'confirm-booking': {
    purpose: 'confirm-booking',
    kind: 'once',
    expires: (now, visit) => Math.min(now + 7 * DAY, startOf(visitOf(visit))),
    page: (token) => `/verify-custom-booking/${token}`,
    replies: {
      invalid: { kind: 'not_found', msg: linkTexts.confirmBooking.invalid },
      used: confirmBookingReply('used', linkTexts.confirmBooking.used),
      expired: confirmBookingReply('expired', linkTexts.confirmBooking.expired),
      stale: confirmBookingReply('stale', linkTexts.confirmBooking.notWaiting),
      replaced: confirmBookingReply('replaced', linkTexts.confirmBooking.replaced),
      settled: confirmBookingReply('not-waiting', linkTexts.confirmBooking.notWaiting),
    },
    rateLimit: rateLimits.bookingLinkIp,
  },
  /** `ACK_LINK_DAYS` long (a setting). */
  'acknowledge-work-order': {
    purpose: 'acknowledge-work-order',
    kind: 'once',
    expires: (now) => now + config().ackLinkDays * DAY,
    page: (token) => `/work-order/acknowledge/${token}`,
    replies: {
      invalid: {
        kind: 'not_found',
        msg: linkTexts.acknowledgeWorkOrder.invalid,
        extra: { message: linkTexts.acknowledgeWorkOrder.invalid },
      },
      used: acknowledged,
      settled: acknowledged,
      expired: {
        kind: 'invalid',
        msg: linkTexts.acknowledgeWorkOrder.expired,
        extra: { message: linkTexts.acknowledgeWorkOrder.expired, expired: true },
      },
      stale: {
        kind: 'conflict',
        msg: linkTexts.acknowledgeWorkOrder.changed,
        extra: { message: linkTexts.acknowledgeWorkOrder.changed },
      },
      // Another answer on this link won at the same moment (issue 33): 409; a later re-use is `used` (400, the spec's).
      raced: {
        kind: 'conflict',
        msg: linkTexts.acknowledgeWorkOrder.raced,
        extra: { message: linkTexts.acknowledgeWorkOrder.raced, alreadyAcknowledged: true },
      },
    },
    rateLimit: rateLimits.workOrderLinkIp,
  },
  /** Until the end of the visit's business day (at least a minute). */
  'track-booking': {
    purpose: 'track-booking',
    kind: 'view',
    expires: (now, visit) =>
      Math.max(now + MINUTE, Date.parse(time.instantOf(time.addDays(visitOf(visit).date, 1), '00:00'))),
    page: (token) => `/track/${token}`,
    replies: {
      invalid: { kind: 'not_found', msg: linkTexts.track.invalid, extra: { reason: 'invalid' } },
      expired: { kind: 'not_found', msg: linkTexts.track.expired, extra: { reason: 'expired' } },
    },
    rateLimit: rateLimits.trackLinkIp,
  },
  'unsubscribe-review-requests': unsubscribeFlow('unsubscribe-review-requests', ''),
  'unsubscribe-recommended-work': unsubscribeFlow('unsubscribe-recommended-work', '?list=recommended-work'),
  // Issue 34 (decision 124): all marketing, and one "your car is due" item's "not now".
  'unsubscribe-marketing': unsubscribeFlow('unsubscribe-marketing', '?list=marketing'),
  'due-not-now': unsubscribeFlow('due-not-now', '?list=not-now'),
  'booking-attend': bookingAction('attend', (token) => `/b/${token}?action=attend`),
  'booking-reschedule': bookingAction(
    'reschedule',
    (token, bookingId) => `/reschedule/${bookingId}?token=${token}`,
  ),
  'booking-cancel': bookingAction('cancel', (token) => `/b/${token}?action=cancel`),
  /** A six-digit code the customer reads out; its token is derived from the work order and the code. */
  'confirm-work-order-price': {
    purpose: 'confirm-work-order-price',
    kind: 'once',
    expires: (now) => now + PRICE_CODE_MINUTES * MINUTE,
    page: null,
    replies: {
      invalid: { kind: 'invalid', msg: linkTexts.priceCode.wrong, extra: codeRequired },
      used: { kind: 'conflict', msg: linkTexts.priceCode.stale, extra: codeRequired },
      expired: { kind: 'conflict', msg: linkTexts.priceCode.expired, extra: codeRequired },
      stale: { kind: 'conflict', msg: linkTexts.priceCode.stale, extra: codeRequired },
    },
    rateLimit: null,
  },
  /** The portal's code (decision 127): mailed to the work order's customer, typed in the portal; `PORTAL_CODE_MINUTES`. */
  'answer-estimate-portal': {
    purpose: 'answer-estimate-portal',
    kind: 'once',
    expires: (now) => now + config().portalCodeMinutes * MINUTE,
    page: null,
    replies: {
      invalid: { kind: 'invalid', msg: linkTexts.portalCode.wrong },
      used: { kind: 'conflict', msg: linkTexts.portalCode.used },
      expired: { kind: 'invalid', msg: linkTexts.portalCode.expired, extra: { expired: true } },
      stale: { kind: 'conflict', msg: linkTexts.portalCode.stale, extra: { changed: true } },
    },
    rateLimit: null,
  },
  /** The receipt's "add a tip" (decision 130): once per job, `TIP_LINK_DAYS` long (a setting). */
  'tip-after-job': {
    purpose: 'tip-after-job',
    kind: 'once',
    expires: (now) => now + config().tipLinkDays * DAY,
    page: (token) => `/tip/${token}`,
    replies: {
      invalid: { kind: 'not_found', msg: linkTexts.tip.invalid, extra: { reason: 'invalid' } },
      used: { kind: 'conflict', msg: linkTexts.tip.used, extra: { reason: 'used' } },
      expired: { kind: 'invalid', msg: linkTexts.tip.expired, extra: { reason: 'expired' } },
      settled: { kind: 'conflict', msg: linkTexts.tip.settled, extra: { reason: 'settled' } },
    },
    rateLimit: rateLimits.bookingLinkIp,
  },
  /**
   * A plan's page (decisions 133, 134): skip a visit, pause, resume, cancel, as in Account Settings,
   * `PLAN_LINK_DAYS` long (a setting). Viewing does not use it; each action uses it in the action's own
   * transaction, which issues the next link (the reply's, the action mail's). Of actions at once one
   * wins, the others are `raced`; a cancelled plan's link is settled.
   */
  'manage-plan': {
    purpose: 'manage-plan',
    kind: 'once',
    expires: (now) => now + config().planLinkDays * DAY,
    page: (token) => `/plan/${token}`,
    replies: {
      invalid: { kind: 'not_found', msg: linkTexts.plan.invalid, extra: { reason: 'invalid' } },
      used: { kind: 'invalid', msg: linkTexts.plan.used, extra: { reason: 'used' } },
      expired: { kind: 'invalid', msg: linkTexts.plan.expired, extra: { reason: 'expired' } },
      settled: { kind: 'conflict', msg: linkTexts.plan.settled, extra: { reason: 'settled' } },
      raced: { kind: 'conflict', msg: linkTexts.plan.raced, extra: { reason: 'raced' } },
      stale: { kind: 'conflict', msg: linkTexts.plan.changed, extra: { reason: 'stale' } },
    },
    rateLimit: rateLimits.bookingLinkIp,
  },
  /**
   * A calendar subscription feed (decision 118): a long-lived bearer secret, one per person,
   * replaced (its token deleted) by "New address", never running out on its own. Every refusal
   * is the same 404, so a caller learns nothing of why.
   */
  'calendar-feed': {
    purpose: 'calendar-feed',
    kind: 'view',
    expires: () => NEVER,
    page: (token) => `/api/calendar/${token}.ics`,
    replies: { invalid: { kind: 'not_found', msg: linkTexts.calendarFeed.invalid } },
    rateLimit: rateLimits.calendarFeedIp,
  },
} as const satisfies Record<string, Flow>;

export type FlowName = keyof typeof flows;

/** The path of the page a flow's link opens (`absoluteUrl` makes it whole for a mail or a text). */
export function linkPage(name: FlowName, token: string, subjectId = ''): string {
  const flow: Flow = flows[name];
  if (!flow.page) throw new RangeError(`The ${name} flow has no page.`);
  return flow.page(token, subjectId);
}
