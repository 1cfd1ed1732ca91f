import { type ControlFieldProps, Field } from './Field';

/** A labelled input with its own error line (the error is tied to the input for screen readers). */
export function TextField({ label, error, className, ...input }: ControlFieldProps<'input'>) {
  return (
    <Field label={label} error={error} className={className}>
      {(control) => <input className="input" {...control} {...input} />}
    </Field>
  );
}
