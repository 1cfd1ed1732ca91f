import * as z from 'zod';
import { useClientIp } from '../actor';
import { business } from '../business';
import { config } from '../config';
import { defineEntity } from '../db/entity';
import { composeMail } from '../mail/compose';
import { Mail } from '../mail/index';
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

  const entity = defineEntity({
    name: 'contactMessage',
    version: 1,
    schema: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      subject: z.string(),
      message: z.string(),
      createdAt: z.string(),
    }),
    key: ({ id }: { id: string }) => ({ pk: `CONTACT#${id}`, sk: 'CONTACT' }),
    indexes: { byCollection: (m) => ({ pk: 'CONTACT', sk: `${m.createdAt}#${m.id}` }) },
  });

  export const send = fn(Input, async (input) => {
    await RateLimit.hit(rateLimits.contactIp, useClientIp());
    const messageId = createId('contactMessage');
    await entity.put({ id: messageId, ...input, createdAt: new Date().toISOString() });

    await Mail.send(
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
    // The confirmation repeats only the subject, never the message: the form must not be
    // a way to send arbitrary text to any address.
    await Mail.send(
      composeMail({ to: input.email, subject: `We received your message – ${business.name}` }, [
        `Hi ${input.name},`,
        `Thank you for contacting ${business.name}. We received your message "${input.subject}" and will get back to you within 24 hours (${business.hours.days} ${business.hours.time}).`,
        `If it is urgent, call us at ${business.phone}.`,
        'If you did not send this message, you can ignore this mail.',
      ]),
    ).catch((error) => {
      // The shop has the message; a failed confirmation must not turn the reply into an error.
      console.error(
        JSON.stringify({
          level: 'error',
          msg: 'contact confirmation not sent',
          messageId,
          error: String(error),
        }),
      );
    });
    return { msg: SENT };
  });
}
