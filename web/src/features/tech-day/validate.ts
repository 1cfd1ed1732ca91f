import type { FieldMessages } from '../../lib/forms';

/** The in-person signature's fields (issue 30): the customer's name, and their code above the booked price. */
export type InPersonFields = { name: string; code: string };

export const inPersonMessages = {
  name: "Please enter the customer's name.",
  signature: 'Please ask the customer to sign.',
} as const;

export function validateInPerson(values: InPersonFields): FieldMessages<InPersonFields> {
  return { name: values.name.trim() ? undefined : inPersonMessages.name };
}
