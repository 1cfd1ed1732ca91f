import { asSystem } from '@app/core/actor';
import { Outbox } from '@app/core/mail/outbox';

/**
 * The scheduled job (infra/cron.ts; every few minutes on the local stack too):
 * sends the mail whose first try failed (core/src/mail/outbox.ts). Expiring
 * acknowledgment tokens joins it with the work-order issue.
 */
export async function handler(): Promise<{ ok: true; mail: { sent: number; due: number } }> {
  const mail = await asSystem('cron', () => Outbox.drain());
  if (mail.due > 0) console.log(JSON.stringify({ level: 'info', job: 'cron', msg: 'scheduled run', mail }));
  return { ok: true, mail };
}
