import type { ReactNode } from 'react';

/** The outcome line of a form: green for success, red for an error; announced when it appears. */
export function FormMessage({ tone, children }: { tone: 'success' | 'error'; children: ReactNode }) {
  return (
    <p className={`form-message form-message--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
