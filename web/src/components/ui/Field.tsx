import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';

/** What a field's control takes from its field: its id, and the error's marks for screen readers. */
export type FieldControl = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

/**
 * The props of a field around its control `E`: any prop of the control, `ref` included, so a form
 * library can register it (React 19 passes ref as a prop), with the label and the error line.
 */
export type ControlFieldProps<E extends 'input' | 'textarea' | 'select'> = Omit<
  ComponentPropsWithRef<E>,
  'id'
> & {
  label: string;
  /** Shown under the field and announced with it; marks the field invalid. */
  error?: string;
};

/**
 * The shape every field of a form shares: the label, the control and its own error line (the error is
 * tied to the control for screen readers). TextField, TextAreaField and SelectField are this with their
 * control; a form with a control of its own passes it as `children`.
 */
export function Field({
  label,
  error,
  className,
  children,
}: {
  label: ReactNode;
  /** Shown under the control and announced with it; marks the control invalid. */
  error?: string;
  className?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
