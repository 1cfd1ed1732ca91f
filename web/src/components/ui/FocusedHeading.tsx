import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A page's h1 that takes the focus when it is shown, so a screen reader
 * announces the change of state (loading, error, success) of a link-token page.
 */
export function FocusedHeading({ className, children }: { className: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 ref={ref} tabIndex={-1} className={className}>
      {children}
    </h1>
  );
}
