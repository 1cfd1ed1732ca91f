import { type ComponentPropsWithRef, useId } from 'react';

/** Any input prop, `ref` included, so a form library can register the input (React 19 passes ref as a prop). */
type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id'> & {
  label: string;
  /** Shown under the field and announced with it; marks the field invalid. */
  error?: string;
};

/** A labelled input with its own error line (the error is tied to the input for screen readers). */
export function TextField({ label, error, className, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
