import { unsubscribeLink, unsubscribeVerb } from '../account/unsubscribe';
import { assertAdmin } from '../actor';
import { linkTexts } from '../auth/link-texts';
import { entity as bookings } from '../booking/store';
import {
  dueAfter as reviewDueAfter,
  entity,
  fileItem as reviewFileItem,
  outcomes as reviewRequestOutcomes,
  type Outcome as ReviewRequestOutcome,
} from '../booking/review-request-item';
import { checkItem, Match } from '../db/conditions';
import { defineDueQueue, drainDue, type JobReport, settleItem } from '../db/due-queue';
import { failedConditions, type TransactItem, transactWrite } from '../db/entity';
import { expiresAfterDays } from '../db/ttl';
import { Notify } from '../notify/index';
import { entity as accounts } from '../user/store';
import type { Deadline } from '../util/deadline';
import { reviewRequestMail, reviewRequestText } from './mail';

/**
 * Review requests (issue 21, decision 076). Completing a booking files one
 * request item, in the completion's transaction, due `reviewRequestHours`
 * later; while it waits it is in the `review-requests` due queue (decision
 * 109), so the scheduled job reads only what is due,
 * never the bookings. Sending is one transaction: the request settled (its
 * condition: still due), the booking still Completed and unreviewed, the
 * account not unsubscribed, the unsubscribe link's token and the outbox
 * item(s). Two runs at once: one transaction wins, the other writes nothing,
 * so each booking is asked at most once; a booking completed again later
 * files nothing (it remembers it filed one).
 */
export namespace ReviewRequest {
  /** How many due requests one run settles at most (the next run goes on). */
  export const BATCH = 200;
  /** How long a settled request is kept, for support, before TTL removes it. */
  const KEEP_DAYS = 90;

  export const outcomes = reviewRequestOutcomes;
  export type Outcome = ReviewRequestOutcome;

  // The request's item and its filing stand below booking (booking/review-request-item.ts, decision 106).
  export type Stored = ReturnType<typeof entity.parse>;

  /** The review requests' due queue (the migration step of decision 109 moves the release before's onto it). */
  export const dueQueue = defineDueQueue('review-requests', entity, (bookingId) => ({ bookingId }));

  /** When the request for a booking completed at `completedAt` is due. */
  export const dueAfter = reviewDueAfter;

  /** The request's item, for the completion's transaction (the booking records `reviewRequestDueAt`). */
  export const fileItem = reviewFileItem;

  /** The request of a booking, if one was filed (tests, support). */
  export const find = (bookingId: string) => entity.get({ bookingId }, { consistent: true });

  /**
   * The scheduled job's step: settles every request due by `now` (at most
   * BATCH a run, none started after `deadline`), sending those still wanted.
   * Safe to run twice at once.
   */
  export async function sendDue(now = new Date(), options: { deadline?: Deadline } = {}): Promise<JobReport> {
    assertAdmin();
    return drainDue(
      'review-requests',
      now,
      { deadline: options.deadline, concurrency: 4, pageSize: BATCH, perRun: BATCH },
      async (due) => {
        // Settled by another run (null) or left undecided: the queue says whether it is still due.
        const outcome = await settle({ bookingId: due.id }, now);
        return outcome === 'sent' ? 'done' : outcome === null ? 'left' : 'dropped';
      },
    );
  }

  /** Takes the request out of the due queue with its outcome, on condition that it is still due. */
  function settled(request: Pick<Stored, 'bookingId'>, outcome: Outcome, now: Date): TransactItem {
    return settleItem(dueQueue, request.bookingId, {
      set: {
        settledAt: now.toISOString(),
        outcome,
        expiresAt: expiresAfterDays(KEEP_DAYS, now.getTime()),
      },
      when: { settledAt: Match.absent() },
    });
  }

  /** Settles one request: 'sent', the reason it was not, or null when another run settled it first. */
  async function settle(request: Pick<Stored, 'bookingId'>, now: Date, attempt = 1): Promise<Outcome | null> {
    const booking = await bookings.get({ id: request.bookingId }, { consistent: true });
    const account = booking?.userId
      ? await accounts.get({ id: booking.userId }, { consistent: true })
      : undefined;
    const outcome: Outcome = !booking
      ? 'gone'
      : booking.testimonialId
        ? 'reviewed'
        : booking.status !== 'Completed'
          ? 'not-completed'
          : !account || !booking.customer?.email
            ? 'no-mail'
            : account.reviewRequestsOffAt
              ? 'unsubscribed'
              : 'sent';
    let items: TransactItem[] = [settled(request, outcome, now)];
    let prepared: Awaited<ReturnType<typeof Notify.prepare>> = [];
    if (outcome === 'sent' && booking && account) {
      const unsubscribe = unsubscribeLink(
        'unsubscribe-review-requests',
        'reviewRequestsOffAt',
        account.id,
        now,
      );
      const facts = {
        to: booking.customer?.email ?? account.email,
        bookingId: booking.id,
        serviceName: booking.serviceName,
        date: booking.date,
        unsubscribeToken: unsubscribe.token,
      };
      prepared = await Notify.prepare({
        kind: 'review-request',
        userId: account.id,
        mail: reviewRequestMail(facts),
        text: reviewRequestText(facts),
      });
      items = [
        ...items,
        // Still Completed and unreviewed, and the customer still wants these, as the transaction commits.
        checkItem(bookings, { id: booking.id }, { status: 'Completed', testimonialId: Match.absent() }),
        ...unsubscribe.items,
        ...prepared.map((p) => p.item),
      ];
    }
    try {
      await transactWrite(items);
    } catch (error) {
      const failed = failedConditions(error);
      if (failed === null) throw error;
      // Settled by another run: nothing to do. The booking or account changed meanwhile: decide again.
      if (failed.includes(0) || attempt >= 3) return null;
      return settle(request, now, attempt + 1);
    }
    await Notify.deliver(prepared);
    return outcome;
  }

  export const unsubscribeMessages = {
    done: 'You will get no more review requests from us. Your account and bookings are unchanged.',
    invalid: linkTexts.unsubscribe.invalid,
  } as const;

  /**
   * `POST /api/unsubscribe/{token}` (anyone with the link; RFC 8058 one-click:
   * a mail client POSTs `List-Unsubscribe=One-Click`): turns review requests
   * off for the account. The link is not used up: a second POST answers the same.
   */
  export const unsubscribe = unsubscribeVerb(
    'unsubscribe-review-requests',
    'reviewRequestsOffAt',
    unsubscribeMessages.done,
  );
}
