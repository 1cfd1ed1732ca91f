import { type ControlFieldProps, Field } from './Field';

/** A labelled textarea with its own error line, like TextField. */
export function TextAreaField({ label, error, className, ...textarea }: ControlFieldProps<'textarea'>) {
  return (
    <Field label={label} error={error} className={className}>
      {(control) => <textarea className="textarea" {...control} {...textarea} />}
    </Field>
  );
}
