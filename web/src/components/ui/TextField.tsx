import type { ComponentPropsWithRef } from 'react';
import { Field } from './Field';

/** Any input prop, `ref` included, so a form library can register the input (React 19 passes ref as a prop). */
type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id'> & {
  label: string;
  /** Shown under the field and announced with it; marks the field invalid. */
  error?: string;
};

/** A labelled input with its own error line (the error is tied to the input for screen readers). */
export function TextField({ label, error, className, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} className={className}>
      {(control) => <input className="input" {...control} {...input} />}
    </Field>
  );
}
