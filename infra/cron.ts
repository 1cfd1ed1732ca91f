/**
 * The scheduled job (mail and text retries, acknowledgment expiry, the charge
 * sweep and retries, reminders, review requests, migrations): every 15
 * minutes, on EventBridge Scheduler (`sst.aws.CronV2`; `sst.aws.Cron` is
 * deprecated in SST 4.17). It gets the same environment as the API (every
 * setting and secret config.ts reads, Square's included: it charges cards) and
 * the permissions its jobs use (environment.ts), no Amazon Location.
 */
import { TIME_ZONE } from '../core/src/time-zone';
import { definitionOf, environmentOf, permissionsOf } from './function-config';

export const cron = new sst.aws.CronV2('Cron', {
  schedule: 'rate(15 minutes)',
  // Matters for cron()/at() expressions; harmless with rate(), and keeps the
  // schedule in the business's zone if it ever becomes "every day at 8:00". The zone comes from
  // core's import-free time-zone module: the SST program must not bundle date-fns (core/src/time.ts).
  timezone: TIME_ZONE,
  function: {
    runtime: 'nodejs22.x',
    // A run may send many mails and charges; each of its loops keeps to the timeout (60 s).
    ...definitionOf('cron'),
    // sharp (image uploads only, decision 073) is left out: no job uploads an image.
    nodejs: { minify: true, splitting: true, esbuild: { external: ['sharp'] } },
    permissions: permissionsOf('cron'),
    environment: environmentOf('cron'),
  },
});
