import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * Forms use react-hook-form (docs/decisions/014-forms.md). Their rules stay
 * plain functions, `values → a message per invalid field`, shared with core's
 * rule modules and unit-tested without React; this adapts one to the form.
 */
export type FieldMessages<T> = Partial<Record<keyof T, string | undefined>>;

export function messagesResolver<T extends FieldValues>(
  validate: (values: T) => FieldMessages<T>,
): Resolver<T> {
  return (values) => {
    const errors: Record<string, FieldError> = {};
    for (const [name, message] of Object.entries(validate(values))) {
      if (typeof message === 'string' && message) errors[name] = { type: 'validate', message };
    }
    return Object.keys(errors).length > 0
      ? { values: {}, errors: errors as FieldErrors<T> }
      : { values, errors: {} };
  };
}
