import type { ReactNode } from 'react';

/**
 * A form's submit button: disabled while the form is busy (or when `disabled`), and saying what it does
 * meanwhile (`busyLabel`, 'Sending...').
 */
export function SubmitButton({
  busy,
  busyLabel,
  disabled = false,
  block = false,
  className = block ? 'button button--primary button--block' : 'button button--primary',
  children,
}: {
  busy: boolean;
  busyLabel: ReactNode;
  disabled?: boolean;
  /** As wide as the form (`button--block`). */
  block?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={className} disabled={busy || disabled}>
      {busy ? busyLabel : children}
    </button>
  );
}
