import { Billing } from '@app/core/billing/index';
import { BusyCalendar } from '@app/core/crew/busy-calendar';
import { DueReminder } from '@app/core/due-reminder/index';
import type { Job, JobReport } from '@app/core/db/due-queue';
import { Outbox } from '@app/core/mail/outbox';
import { Plan } from '@app/core/plan/index';
import { Recommended } from '@app/core/recommended/index';
import { Reminder } from '@app/core/reminder/index';
import { ReviewRequest } from '@app/core/review-request/index';
import { Visit } from '@app/core/visit/index';
import { WorkOrder } from '@app/core/workorder/index';

/**
 * Every job of the scheduled run, in the order it runs them (decision 109):
 * each is named after the due queue it drains, is given the run's clock and
 * deadline, and reports `{ due, done, left }`. A new kind of scheduled work
 * is one more due queue (core/src/db/due-queue.ts) and one more line here.
 *
 * `reply` keeps the names the run's reply gave each count before the list
 * (what `npm run cron`, the tests and the bundle check read): where it sits,
 * and what `done` (and, for reminders, the settled and the left) are called.
 */
export type CronJob = Job & {
  reply: { at: readonly [string, ...string[]]; done: string; dropped?: string; left?: string };
};

export const jobs: readonly CronJob[] = [
  {
    // Mail and texts whose first send failed; their pauses are real time, so the run's clock is not theirs.
    name: 'outbox',
    reply: { at: ['mail'], done: 'sent' },
    run: (_now, deadline) => Outbox.drain({ deadline }),
  },
  {
    name: 'acknowledgment-expiry',
    reply: { at: ['acknowledgments'], done: 'expired' },
    run: (now, deadline) => WorkOrder.expireAcknowledgments(now, { deadline }),
  },
  {
    name: 'charge-sweep',
    reply: { at: ['charges', 'sweep'], done: 'charged' },
    run: (now, deadline) => Billing.sweepPending(now, { deadline }),
  },
  {
    name: 'charge-retry',
    reply: { at: ['charges', 'retries'], done: 'paid' },
    run: (now, deadline) => Billing.retryDue(now, { deadline }),
  },
  {
    name: 'review-requests',
    reply: { at: ['reviewRequests'], done: 'sent' },
    run: (now, deadline) => ReviewRequest.sendDue(now, { deadline }),
  },
  {
    // Each reminder once (a marker in its outbox transaction), however many runs overlap.
    name: 'reminders',
    reply: { at: ['reminders'], done: 'sent', dropped: 'dropped', left: 'skipped' },
    run: (now, deadline) => Reminder.sendDue(now, { deadline }),
  },
  {
    // Each technician's own calendar address, read into the busy time that blocks their bookings (decision 119).
    name: 'busy-calendars',
    reply: { at: ['busyCalendars'], done: 'read', left: 'left' },
    run: (now, deadline) => BusyCalendar.readDue(now, { deadline }),
  },
  {
    // Recommended work's follow-up (issue 33): once a vehicle's lines, however many runs overlap.
    name: 'recommended-follow-ups',
    reply: { at: ['recommendedFollowUps'], done: 'sent' },
    run: (now, deadline) => Recommended.sendDue(now, { deadline }),
  },
  // "Your car is due" (issue 34): each notice once, in daytime, with marketing consent.
  {
    name: 'vehicle-due',
    reply: { at: ['dueNotices'], done: 'sent' },
    run: (now, deadline) => DueReminder.sendDue(now, { deadline }),
  },
  // Service plans (issue 35): each enrolment's visits placed up to the horizon, each claimed on its own.
  {
    name: 'plan-visits',
    reply: { at: ['planVisits'], done: 'placed' },
    run: (now, d) => Plan.placeDue(now, { deadline: d }),
  },
  {
    // Booking photos: drafts never used, a cancelled booking's, and those past their retention (decision 123).
    name: 'booking-photos',
    reply: { at: ['bookingPhotos'], done: 'deleted' },
    run: (now, deadline) => Visit.deleteDuePhotos(now, { deadline }),
  },
  {
    // A monthly plan's period charged once on the card on file, retried, then past due (issue 35, decision 132).
    name: 'plan-charges',
    reply: { at: ['planCharges'], done: 'paid' },
    run: (now, deadline) => Billing.chargeDuePeriods(now, { deadline }),
  },
];

/** A job's report under the names its reply gives it. */
export function replyOf(job: CronJob, report: JobReport): Record<string, number> {
  const { done, dropped, left } = job.reply;
  return {
    due: report.due,
    [done]: report.done,
    ...(dropped ? { [dropped]: report.due - report.done - report.left } : {}),
    ...(left ? { [left]: report.left } : {}),
  };
}
