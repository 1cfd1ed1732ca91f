import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/**
 * The frame of both booking pages. Kept free of the calendar and of date-fns:
 * the route's pending component (in the entry chunk) renders it too.
 */
export function BookingShell({
  title,
  back,
  children,
}: {
  title: string;
  /** The link above the heading; 'All services' unless given. */
  back?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="page container booking">
      <p className="back-link">
        {back ?? (
          <Link to="/" hash="services" activeOptions={{ exact: true }}>
            <span aria-hidden="true">←</span> All services
          </Link>
        )}
      </p>
      <h1>{title}</h1>
      {children}
    </div>
  );
}
