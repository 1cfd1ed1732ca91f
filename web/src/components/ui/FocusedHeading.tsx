import type { ReactNode } from 'react';
import { useRevealStep } from '../../lib/reveal';

/**
 * A heading that is scrolled into view and takes the focus when it is shown
 * (lib/reveal.ts), so a screen reader announces the change of state (loading,
 * error, success, the next step) and a phone shows it. `reveal` (default:
 * on mount) reveals it again whenever it changes to a truthy value; false
 * leaves it where it is (a sub-view shown first, with nothing to announce).
 */
export function FocusedHeading({
  className,
  children,
  level = 1,
  id,
  reveal = true,
}: {
  className?: string;
  children: ReactNode;
  level?: 1 | 2 | 3;
  id?: string;
  reveal?: unknown;
}) {
  const ref = useRevealStep<HTMLHeadingElement>(reveal);
  const Tag = `h${level}` as const;
  return (
    <Tag ref={ref} id={id} tabIndex={-1} className={className}>
      {children}
    </Tag>
  );
}
