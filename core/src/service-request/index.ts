import * as z from 'zod';
import { useClientIp } from '../actor';
import { business } from '../business';
import { config } from '../config';
import { transactWrite } from '../db/entity';
import { composeMail } from '../mail/compose';
import { Outbox } from '../mail/outbox';
import { formMessages } from '../db/form-messages';
import type { MigrationStep } from '../db/migration';
import { RateLimit } from '../rate-limit/index';
import { rateLimits } from '../rate-limit/rules';
import { vin } from '../rules/schema';
import { fn } from '../util/fn';
import { createId } from '../util/id';
import { emailAddress, optionalLine, requiredLine, requiredText } from '../util/text';

/** The home page's help form (doc 1 §3, §5): a visitor describes a vehicle problem; the shop gets a mail. */
export namespace ServiceRequest {
  export const Input = z.object({
    name: requiredLine('Name', 100),
    email: emailAddress,
    generalIssue: requiredLine('General issue', 200),
    detailedDescription: requiredText('Detailed description', 5000),
    carMake: requiredLine('Car make', 60),
    carModel: requiredLine('Car model', 60),
    carTrim: optionalLine('Car trim', 60),
    vin: vin(),
  });
  export type Input = z.input<typeof Input>;

  export const SENT = 'Thank you! Your request has been sent. We will contact you within 24 hours.';

  const messages = formMessages({
    name: 'serviceRequest',
    prefix: 'REQUEST',
    collection: 'SERVICE_REQUEST',
    step: 'service-request-ttl',
    fields: z.object({
      name: z.string(),
      email: z.string(),
      generalIssue: z.string(),
      detailedDescription: z.string(),
      carMake: z.string(),
      carModel: z.string(),
      carTrim: z.string().optional(),
      vin: z.string(),
    }),
  });
  const { entity, stamped } = messages;

  /** Decision 063's step (listed in functions/src/lambda/migrations.ts): items written before decision 058 get their TTL. */
  export const migrationSteps: MigrationStep[] = messages.migrationSteps;

  /** Validates, stores the request and mails it to the shop (reply-to the visitor). Rate limited per address. */
  export const submit = fn(Input, async (input) => {
    await RateLimit.hit(rateLimits.serviceRequestIp, useClientIp());
    const requestId = createId('serviceRequest');
    const vin = input.vin.toUpperCase();
    const vehicle = [input.carMake, input.carModel, input.carTrim].filter(Boolean).join(' ');
    // The request and the shop's mail of it: one transaction.
    const toShop = Outbox.prepare(
      composeMail(
        {
          to: config().businessEmail,
          replyTo: input.email,
          subject: `Help request: ${input.generalIssue} (${vehicle})`,
        },
        [
          `A visitor asked for help through the form on the ${business.name} home page. Reply to this mail to answer them; we promise a reply within 24 hours.`,
          {
            fields: [
              ['Name', input.name],
              ['Email', input.email],
              ['General issue', input.generalIssue],
              ['Car make', input.carMake],
              ['Car model', input.carModel],
              ['Car trim', input.carTrim ?? '—'],
              ['VIN', vin],
              ['Detailed description', input.detailedDescription],
              ['Request id', requestId],
            ],
          },
        ],
      ),
    );
    await transactWrite([
      entity.tx.put({
        id: requestId,
        ...input,
        vin,
        ...stamped(),
      }),
      toShop.item,
    ]);
    await Outbox.deliver(toShop);
    return { msg: SENT };
  });
}
