import * as z from 'zod';
import { useClientIp } from '../actor';
import { business } from '../business';
import { config } from '../config';
import { transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import { composeMail } from '../mail/compose';
import { Outbox } from '../mail/outbox';
import { formMessages } from '../db/form-messages';
import type { MigrationStep } from '../db/migration';
import { RateLimit } from '../rate-limit/index';
import { rateLimits } from '../rate-limit/rules';
import { fn } from '../util/fn';
import { createId } from '../util/id';
import { emailAddress, requiredLine, requiredText } from '../util/text';

/** The contact page's form (doc 2 §3, §5): stored, mailed to the shop, confirmed to the sender. */
export namespace Contact {
  export const Input = z.object({
    name: requiredLine('Name', 100),
    email: emailAddress,
    subject: requiredLine('Subject', 200),
    message: requiredText('Message', 5000),
  });
  export type Input = z.input<typeof Input>;

  /** The reply the contact page shows (doc 2 §8). */
  export const SENT = 'Your message has been sent successfully!';

  const messages = formMessages({
    name: 'contactMessage',
    prefix: 'CONTACT',
    collection: 'CONTACT',
    step: 'contact-message-ttl',
    fields: z.object({ name: z.string(), email: z.string(), subject: z.string(), message: z.string() }),
  });
  const { entity, stamped } = messages;

  /** Decision 063's step (listed in functions/src/lambda/migrations.ts): items written before decision 058 get their TTL. */
  export const migrationSteps: MigrationStep[] = messages.migrationSteps;

  /**
   * The sender's confirmation carries nothing the sender wrote (no name, no
   * subject, no message): the form must not be a way to put chosen text into
   * a mail to any address. At most a few a day go to one address; past that
   * the shop still gets the message, and the confirmation is skipped. A failed
   * confirmation never turns the reply into an error: the shop has the message.
   */
  async function confirm(to: string, messageId: string): Promise<void> {
    try {
      await RateLimit.hit(rateLimits.contactConfirmationRecipient, to);
      await Outbox.send(
        composeMail({ to, subject: `We received your message – ${business.name}` }, [
          'Hello,',
          `Thank you for contacting ${business.name}. We received your message and will get back to you within 24 hours (${config().openingHours.daysText} ${config().openingHours.timeText}).`,
          `If it is urgent, call us at ${business.phone}.`,
          'If you did not send a message through our contact page, you can ignore this mail.',
        ]),
      );
    } catch (error) {
      const skipped = error instanceof VisibleError && error.kind === 'rate_limited';
      console[skipped ? 'warn' : 'error'](
        JSON.stringify({
          level: skipped ? 'warn' : 'error',
          msg: skipped ? 'contact confirmation skipped: recipient limit' : 'contact confirmation not sent',
          messageId,
          error: String(error),
        }),
      );
    }
  }

  export const send = fn(Input, async (input) => {
    await RateLimit.hit(rateLimits.contactIp, useClientIp());
    const messageId = createId('contactMessage');
    // The message and the shop's mail of it: one transaction.
    const toShop = Outbox.prepare(
      composeMail(
        { to: config().businessEmail, replyTo: input.email, subject: `Contact form: ${input.subject}` },
        [
          'A message arrived through the contact page. Reply to this mail to answer the sender.',
          {
            fields: [
              ['Name', input.name],
              ['Email', input.email],
              ['Subject', input.subject],
              ['Message', input.message],
              ['Message id', messageId],
            ],
          },
        ],
      ),
    );
    await transactWrite([entity.tx.put({ id: messageId, ...input, ...stamped() }), toShop.item]);
    await Outbox.deliver(toShop);
    await confirm(input.email, messageId);
    return { msg: SENT };
  });
}
