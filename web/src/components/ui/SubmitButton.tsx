import type { ReactNode } from 'react';

/**
 * A form's submit button: disabled while the form is busy (or when `disabled`), and saying what it does
 * meanwhile (`busyLabel`, 'Sending...').
 */
export function SubmitButton({
  busy,
  busyLabel,
  disabled = false,
  className = 'button button--primary',
  children,
}: {
  busy: boolean;
  busyLabel: ReactNode;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={className} disabled={busy || disabled}>
      {busy ? busyLabel : children}
    </button>
  );
}
