import type { ReactNode } from 'react';

/**
 * The outcome line of a form: green for success, amber for a warning (done, but with something the
 * person must know), red for an error; announced when it appears.
 */
export function FormMessage({
  tone,
  children,
}: {
  tone: 'success' | 'warning' | 'error';
  children: ReactNode;
}) {
  return (
    <p className={`form-message form-message--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
