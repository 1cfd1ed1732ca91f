import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** A way on, in its own paragraph: a link that looks like a button (Return to Home, Go to My Account). */
export function ButtonLink({
  to = '/',
  tone = 'primary',
  className,
  children,
}: {
  to?: '/' | '/dashboard' | '/login';
  tone?: 'primary' | 'secondary';
  className?: string;
  children: ReactNode;
}) {
  return (
    <p className={className}>
      <Link to={to} className={`button button--${tone}`}>
        {children}
      </Link>
    </p>
  );
}
