import { asSystem } from '@app/core/actor';
import type { JobReport } from '@app/core/db/due-queue';
import { jobs, replyOf } from './jobs';
import { migrate } from './migrations';

/** The run's reply: each job's report under the names its readers know (functions/src/lambda/jobs.ts). */
export type CronResult = {
  ok: true;
  mail: { sent: number; due: number };
  acknowledgments: { expired: number; due: number };
  charges: { sweep: { due: number; charged: number }; retries: { due: number; paid: number } };
  /** Review requests due by now (issue 21): how many were due, how many were mailed. */
  reviewRequests: { due: number; sent: number };
  /** The reminders due (issue 21, decision 074): sent, dropped (nothing to send any more), left for the next run. */
  reminders: { due: number; sent: number; dropped: number; skipped: number };
  /** Technicians' own calendar addresses due (issue 36, decision 119): read, and left (failed or held) for the next run. */
  busyCalendars: { due: number; read: number; left: number };
  /** Recommended work's follow-ups due by now (issue 33): how many lines were due, how many notices went. */
  recommendedFollowUps: { due: number; sent: number };
  /** "Your car is due" notices (issue 34, decision 124): how many were due, how many were sent. */
  dueNotices: { due: number; sent: number };
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
 * once with `npm run cron`): runs every job of the list (jobs.ts: the mail
 * whose first try failed, the acknowledgment links that ran out, the charge
 * sweep and retries, review requests and reminders), each draining its due
 * queue (decision 109), then goes on with the migration steps not yet done
 * (decision 063). Every job stops taking items at the run's deadline (the
 * Lambda's time left, less a margin): what it left stays due, and the next
 * runs finish a backlog larger than one run. All are idempotent and safe to
 * run twice at once. One log line reports every job when any had work.
 * `now` moves the clock (tests, `npm run cron -- <instant>`).
 */
export async function handler(event?: { now?: string }, context?: LambdaContext): Promise<CronResult> {
  const now = event?.now ? new Date(event.now) : new Date();
  const end = context ? Date.now() + context.getRemainingTimeInMillis() : undefined;
  const deadline = end === undefined ? undefined : end - LOOP_MARGIN_MS;
  const reports: Record<string, JobReport> = {};
  const reply: Record<string, unknown> = { ok: true };
  for (const job of jobs) {
    const report = await asSystem('cron', () => job.run(now, deadline));
    reports[job.name] = report;
    // Where the reply keeps this job's counts: `charges.sweep` sits inside `charges`.
    let at = reply;
    for (const part of job.reply.at.slice(0, -1)) at = (at[part] ??= {}) as Record<string, unknown>;
    at[job.reply.at[job.reply.at.length - 1]!] = replyOf(job, report);
  }
  if (Object.values(reports).some((report) => report.due > 0)) {
    console.log(JSON.stringify({ level: 'info', job: 'cron', msg: 'scheduled run', jobs: reports }));
  }
  // After the first runs of a release, one read a step. A step that fails stops this run's
  // migrations only (the jobs are done); the next run resumes it.
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
  return reply as CronResult;
}
