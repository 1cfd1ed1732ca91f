import type { ReactNode } from 'react';
import './totals.css';

/**
 * A work order's totals, right-aligned rows of a term and its amount, the last one stressed: on
 * the work order form (as typed) and on the page that asks the customer to acknowledge it.
 * `className` adds the place's own spacing.
 */
export function Totals({
  className,
  label,
  children,
}: {
  className: string;
  label?: string;
  children: ReactNode;
}) {
  return (
    <dl className={`totals ${className}`} aria-label={label}>
      {children}
    </dl>
  );
}

export function TotalsRow({
  term,
  strong = false,
  children,
}: {
  term: ReactNode;
  strong?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={strong ? 'totals__row totals__row--total' : 'totals__row'}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
