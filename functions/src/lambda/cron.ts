import { asSystem } from '@app/core/actor';
import { Booking } from '@app/core/booking/index';
import { Customer } from '@app/core/customer/index';
import { Outbox } from '@app/core/mail/outbox';
import { WorkOrder } from '@app/core/workorder/index';

export type CronResult = {
  ok: true;
  mail: { sent: number; due: number };
  acknowledgments: { expired: number; due: number };
};

/**
 * The scheduled job (infra/cron.ts; every minute on the local stack, and
 * once with `npm run cron`): sends the mail whose first try failed
 * (core/src/mail/outbox.ts) and expires the work orders' acknowledgment
 * links that ran out (decision 040); once, it gives the open bookings
 * written before decision 050 the index keys it added, and the customer
 * accounts written before decision 061 their search keys. All are idempotent and safe to run
 * twice at once. `now` moves the clock (tests, `npm run cron -- <instant>`).
 */
export async function handler(event?: { now?: string }): Promise<CronResult> {
  const now = event?.now ? new Date(event.now) : new Date();
  // Once after the deploys that added the booking (050) and customer search (061) indexes; a read a step after that.
  const migrated = { ...(await Booking.migrate()), ...(await Customer.migrate()) };
  if (Object.keys(migrated).length > 0) {
    console.log(JSON.stringify({ level: 'info', job: 'cron', msg: 'items migrated', migrated }));
  }
  const mail = await asSystem('cron', () => Outbox.drain());
  const acknowledgments = await asSystem('cron', () => WorkOrder.expireAcknowledgments(now));
  if (mail.due > 0 || acknowledgments.due > 0) {
    console.log(JSON.stringify({ level: 'info', job: 'cron', msg: 'scheduled run', mail, acknowledgments }));
  }
  return { ok: true, mail, acknowledgments };
}
