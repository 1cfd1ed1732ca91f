import { asSystem } from '@app/core/actor';
import { Billing } from '@app/core/billing/index';
import { Outbox } from '@app/core/mail/outbox';
import { migrate } from './migrations';
import { ReviewRequest } from '@app/core/review-request/index';
import { Reminder } from '@app/core/reminder/index';
import { WorkOrder } from '@app/core/workorder/index';

export type CronResult = {
  ok: true;
  mail: { sent: number; due: number };
  acknowledgments: { expired: number; due: number };
  charges: { sweep: { due: number; charged: number }; retries: { due: number; paid: number } };
  /** Review requests due by now (issue 21): how many were due, how many were mailed. */
  reviewRequests: { due: number; sent: number };
  /** The reminders due (issue 21, decision 074): sent, dropped (nothing to send any more), left for the next run. */
  reminders: Reminder.SendReport;
};

/** What the Lambda runtime passes as the handler's second argument, as far as the job uses it. */
type LambdaContext = { getRemainingTimeInMillis(): number };

/**
 * Time kept back from the migrations at the end of a run: a migration page
 * (100 items, a write each) started just before this still ends before the
 * Lambda's timeout (infra/environment.ts: 60 s).
 */
export const MIGRATION_MARGIN_MS = 15_000;

/**
 * Time kept back from the job's loops (issue 31): an item taken just before
 * this (a mail, a text, a Square charge: 8 s at most, core/src/payments/square.ts)
 * still ends before the timeout. The loops come first, so they may use the
 * time the migrations may not.
 */
export const LOOP_MARGIN_MS = 10_000;

/**
 * The scheduled job (infra/cron.ts; every minute on the local stack, and
 * once with `npm run cron`): sends the mail whose first try failed
 * (core/src/mail/outbox.ts), expires the work orders' acknowledgment links
 * that ran out (decision 040), charges the completions whose charge never
 * ran and retries the declined charges that are due (decision 069), sends the
 * review requests and reminders due (decision 074), then goes on with the
 * migration steps not yet done (decision 063). Every loop stops taking items
 * at the run's deadline (the Lambda's time left, less a margin): what it left
 * stays due, and the next runs finish a backlog larger than one run. All are
 * idempotent and safe to run twice at once. `now` moves the clock (tests,
 * `npm run cron -- <instant>`).
 */
export async function handler(event?: { now?: string }, context?: LambdaContext): Promise<CronResult> {
  const now = event?.now ? new Date(event.now) : new Date();
  const end = context ? Date.now() + context.getRemainingTimeInMillis() : undefined;
  const deadline = end === undefined ? undefined : end - LOOP_MARGIN_MS;
  const mail = await asSystem('cron', () => Outbox.drain({ deadline }));
  const acknowledgments = await asSystem('cron', () => WorkOrder.expireAcknowledgments(now, { deadline }));
  const charges = {
    sweep: await asSystem('cron', () => Billing.sweepPending(now, { deadline })),
    retries: await asSystem('cron', () => Billing.retryDue(now, { deadline })),
  };
  const reviewRequests = await asSystem('cron', () => ReviewRequest.sendDue(now, { deadline }));
  // Each reminder once (a marker in its outbox transaction), however many runs overlap.
  const reminders = await asSystem('cron', () => Reminder.sendDue(now, { deadline }));
  if (
    mail.due > 0 ||
    acknowledgments.due > 0 ||
    charges.sweep.due > 0 ||
    charges.retries.due > 0 ||
    reviewRequests.due > 0 ||
    reminders.due > 0
  ) {
    console.log(
      JSON.stringify({
        level: 'info',
        job: 'cron',
        msg: 'scheduled run',
        mail,
        acknowledgments,
        charges,
        reviewRequests,
        reminders,
      }),
    );
  }
  // After the first runs of a release, one read a step. A step that fails stops this run's
  // migrations only (the mail and the links are done); the next run resumes it.
  const migrationDeadline = end === undefined ? undefined : end - MIGRATION_MARGIN_MS;
  const migrated = await migrate({ deadline: migrationDeadline }).catch((error: unknown) => {
    console.error(
      JSON.stringify({ level: 'error', job: 'cron', msg: 'migration stopped', error: String(error) }),
    );
    return {};
  });
  if (Object.keys(migrated).length > 0) {
    console.log(JSON.stringify({ level: 'info', job: 'cron', msg: 'migration steps run', migrated }));
  }
  return { ok: true, mail, acknowledgments, charges, reviewRequests, reminders };
}
