import { type ComponentPropsWithRef, useId } from 'react';

/** Any textarea prop, `ref` included, so a form library can register it (as TextField). */
type TextAreaFieldProps = Omit<ComponentPropsWithRef<'textarea'>, 'id'> & {
  label: string;
  /** Shown under the field and announced with it; marks the field invalid. */
  error?: string;
};

/** A labelled textarea with its own error line, like TextField. */
export function TextAreaField({ label, error, className, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className="textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...textarea}
      />
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
