import * as z from 'zod';
import { ADDRESS_LIMITS, accessNotesProblem, addressTextRules, SAVED_ADDRESS_LIMIT } from '../rules/fields';
import { optionalText, requiredText, usState, zip } from '../rules/schema';

export { SAVED_ADDRESS_LIMIT };

/**
 * A service address as a request sends it (issue 20): street, unit, city,
 * state, zipCode and access notes, each checked by its field rule
 * (core/src/rules/fields.ts, the same the address form uses) and trimmed.
 */
export const AddressInput = z.object(
  {
    street: requiredText(addressTextRules.street),
    unit: optionalText(addressTextRules.unit),
    city: requiredText(addressTextRules.city),
    state: usState(),
    zipCode: zip(),
    accessNotes: optionalText(addressTextRules.accessNotes).superRefine((value, ctx) => {
      const problem = accessNotesProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  },
  { error: 'Send the service address as { street, unit, city, state, zipCode, accessNotes }.' },
);
export type AddressInput = z.input<typeof AddressInput>;
export type Address = z.output<typeof AddressInput>;

export { ADDRESS_LIMITS };
