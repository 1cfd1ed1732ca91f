import { Outlet, useRouteContext } from '@tanstack/react-router';
import { ButtonLink } from '../ui/ButtonLink';
import type { ReactNode } from 'react';

/**
 * What a signed-in user without the page's role sees in place of the page
 * (the role guard, lib/auth/guards.ts): the heading, why, and the way back to
 * their own account.
 */
export function AccessDenied({ children }: { children: ReactNode }) {
  return (
    <div className="page container">
      <h1>Access Denied</h1>
      <p className="status-text status-text--error" role="alert">
        {children}
      </p>
      <ButtonLink to="/dashboard" tone="secondary">
        Go to My Account
      </ButtonLink>
    </div>
  );
}

/**
 * A role's pathless layout (the admin's, the staff's): its pages for a user with the role, else
 * Access Denied saying `denied`. The layout's beforeLoad (requireRole) put `hasRole` in its context.
 */
export function RoleLayout({ denied }: { denied: string }) {
  const { hasRole } = useRouteContext({ strict: false }) as { hasRole?: boolean };
  return hasRole ? <Outlet /> : <AccessDenied>{denied}</AccessDenied>;
}
