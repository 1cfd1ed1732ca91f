/**
 * The scheduled job (reminders, expiring holds ...): every 15 minutes, on
 * EventBridge Scheduler (`sst.aws.CronV2`; `sst.aws.Cron` is deprecated in
 * SST 4.17). It gets the app's config environment, the table, e-mail and the
 * bucket (the outbox keeps a mail's attachments there, decision 058, and the
 * drain reads them back and removes them once sent), but not the third-party
 * keys, which it does not use.
 */
import { TIME_ZONE } from '../core/src/time-zone';
import { email, smsPermissions } from './email';
import { configEnvironment } from './environment';
import { bucket, table } from './storage';

export const cron = new sst.aws.CronV2('Cron', {
  schedule: 'rate(15 minutes)',
  // Matters for cron()/at() expressions; harmless with rate(), and keeps the
  // schedule in the business's zone if it ever becomes "every day at 8:00". The zone comes from
  // core's import-free time-zone module: the SST program must not bundle date-fns (core/src/time.ts).
  timezone: TIME_ZONE,
  function: {
    runtime: 'nodejs22.x',
    handler: 'functions/src/lambda/cron.handler',
    // A run may send several e-mails; the API's 20 s would be tight.
    timeout: '60 seconds',
    // sharp (image uploads only, decision 073) is left out: no job uploads an image.
    nodejs: { minify: true, splitting: true, esbuild: { external: ['sharp'] } },
    link: [table, bucket, email],
    permissions: smsPermissions,
    environment: configEnvironment,
  },
});
