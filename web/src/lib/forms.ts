import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';

/**
 * Forms use react-hook-form (docs/decisions/014-forms.md). Their rules stay
 * plain functions, `values → a message per invalid field`, shared with core's
 * rule modules and unit-tested without React; this adapts one to the form.
 */
export type FieldMessages<T> = Partial<Record<keyof T, string | undefined>>;

/** Messages by a field's path, for forms with lists (`laborItems.0.hours`). */
export type PathMessages = Record<string, string | undefined>;

export function messagesResolver<T extends FieldValues>(
  validate: (values: T) => FieldMessages<T> | PathMessages,
): Resolver<T> {
  return (values) => {
    const errors: Record<string, FieldError> = {};
    for (const [name, message] of Object.entries(validate(values))) {
      if (typeof message === 'string' && message) setAt(errors, name, { type: 'validate', message });
    }
    return Object.keys(errors).length > 0
      ? { values: {}, errors: errors as FieldErrors<T> }
      : { values, errors: {} };
  };
}

/**
 * The `useForm` options of a form whose values come from data that may
 * arrive, or arrive again, while a person is already typing (the account's
 * names, a record being edited): each time `values` changes, it fills only
 * the fields the person has not changed, and keeps what they typed and the
 * messages shown (decision 053). Pass `values` as plain data; the form
 * compares them by content, so a new object with the same content changes
 * nothing.
 */
export function fromLateData<T extends FieldValues>(values: T) {
  return { values, resetOptions: { keepDirtyValues: true, keepErrors: true } } as const;
}

/** How `bindFields` binds a form's fields. */
export type FieldBinding = {
  /** Every field disabled (while the form is busy); unset, the fields decide. */
  disabled?: boolean;
  /** What an edit clears at once: the field's message, or the form's; unset, messages stay until the next submit. */
  clearOnEdit?: 'field' | 'form';
  /** Where the messages show: under each field (the default), or once for the form (the fields carry none). */
  messages?: 'field' | 'form';
};

/**
 * The one way a form's field is bound (decision 114): `field('email')` is what TextField, TextAreaField and
 * SelectField take to be that field of the form: registered, with its message from the form's rules, and
 * disabled while the form is busy.
 */
export function bindFields<T extends FieldValues>(
  form: UseFormReturn<T>,
  { disabled, clearOnEdit, messages = 'field' }: FieldBinding = {},
) {
  return (name: Path<T>) => ({
    ...form.register(
      name,
      clearOnEdit && {
        onChange: () => (clearOnEdit === 'field' ? form.clearErrors(name) : form.clearErrors()),
      },
    ),
    ...(messages === 'field' && {
      error: (get(form.formState.errors, name) as FieldError | undefined)?.message,
    }),
    ...(disabled !== undefined && { disabled }),
  });
}

/** The values with every text trimmed, as a form sends them. */
export function trimmed<T extends Record<string, string>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()])) as T;
}

/** The first message of a form's errors, for a form that shows one message for the whole form. */
export function firstMessage(errors: FieldErrors, order: readonly string[]): string | undefined {
  for (const name of order) {
    const message = errors[name]?.message;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

/** Puts an error at its path, as react-hook-form reads them (`errors.laborItems[0].hours`). */
function setAt(errors: Record<string, unknown>, path: string, error: FieldError) {
  const parts = path.split('.');
  let at = errors;
  for (const part of parts.slice(0, -1)) at = (at[part] ??= {}) as Record<string, unknown>;
  at[parts[parts.length - 1] as string] = error;
}
