import type { ReactNode } from 'react';
import { useRevealStep } from '../../lib/reveal';

/**
 * The outcome line of a form: green for success, amber for a warning (done, but with something the
 * person must know), red for an error; announced when it appears.
 * `reveal`: it replaces part of the page (a step's result), so it is scrolled into view and takes the focus.
 */
export function FormMessage({
  tone,
  children,
  reveal = false,
}: {
  tone: 'success' | 'warning' | 'error';
  children: ReactNode;
  reveal?: boolean;
}) {
  const ref = useRevealStep<HTMLParagraphElement>(reveal);
  return (
    <p
      ref={ref}
      tabIndex={reveal ? -1 : undefined}
      className={`form-message form-message--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {children}
    </p>
  );
}
