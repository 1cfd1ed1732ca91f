import type { ComponentPropsWithRef } from 'react';
import { Field } from './Field';

/** Any textarea prop, `ref` included, so a form library can register it (as TextField). */
type TextAreaFieldProps = Omit<ComponentPropsWithRef<'textarea'>, 'id'> & {
  label: string;
  /** Shown under the field and announced with it; marks the field invalid. */
  error?: string;
};

/** A labelled textarea with its own error line, like TextField. */
export function TextAreaField({ label, error, className, ...textarea }: TextAreaFieldProps) {
  return (
    <Field label={label} error={error} className={className}>
      {(control) => <textarea className="textarea" {...control} {...textarea} />}
    </Field>
  );
}
