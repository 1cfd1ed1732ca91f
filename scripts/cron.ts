/**
 * Runs the scheduled job once against the running local stack (`npm start`
 * in another terminal): every job of the list (functions/src/lambda/jobs.ts:
 * the outbox's retries, acknowledgment links that ran out, the charge sweep
 * and retries, review requests and reminders), then the migration steps,
 * through the Lambda's own handler (functions/src/lambda/cron.ts). It reaches the
 * stack's table, bucket and mail through the stack file the launcher writes
 * (DATA_DIR/stack.json), as the browser tests' fixtures do.
 *
 *   npm run cron                            # now
 *   npm run cron -- 2026-12-01T00:00:00Z    # as if it were then (expire links early)
 */
import { setting } from '../functions/src/local/env';
import { assertStackAnswers, StackNotRunning, useRunningStack } from '../functions/src/local/stack-file';

const at = process.argv[2];
if (at !== undefined && Number.isNaN(Date.parse(at))) {
  console.error(`Not an instant: ${at} (use e.g. 2026-12-01T00:00:00Z)`);
  process.exit(1);
}
const dataDir = setting('DATA_DIR');
try {
  await assertStackAnswers(dataDir, useRunningStack(dataDir));
  // Imported only now: core reads its config from the environment just set.
  const { handler } = await import('../functions/src/lambda/cron');
  console.log(JSON.stringify(await handler(at ? { now: new Date(at).toISOString() } : undefined), null, 2));
} catch (error) {
  // A stack that stops while the job runs is refused the same way: what to do, not a stack trace.
  const refused = error instanceof StackNotRunning || isConnectionRefused(error);
  if (!refused) throw error;
  console.error(
    error instanceof StackNotRunning
      ? error.message
      : `The local stack stopped answering while the job ran. Start it with \`npm start\`, then run \`npm run cron\` again.`,
  );
  process.exit(1);
}

/** ECONNREFUSED anywhere in the error or its causes (the AWS SDK wraps it). */
function isConnectionRefused(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if ((e as NodeJS.ErrnoException).code === 'ECONNREFUSED') return true;
    if (e instanceof AggregateError && e.errors.some(isConnectionRefused)) return true;
  }
  return false;
}
