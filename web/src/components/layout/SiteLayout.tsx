import type { ReactNode } from 'react';
import { useAuth } from '../../lib/auth/store';
import { SiteFooter } from './SiteFooter';
import { useCurrentHref } from '../../lib/links';
import { SiteHeader } from './SiteHeader';
import { StaffHeader, usesStaffHeader } from './StaffHeader';

/**
 * Every page's frame: the skip link, the header (the staff's own on their
 * pages: decision 096), the page in <main>, the footer. The app's root route and the pre-rendered home page
 * (web/src/home/start.tsx, decision 048) both draw it.
 */
export function SiteLayout({ onLogout, children }: { onLogout: () => void; children: ReactNode }) {
  const { user } = useAuth();
  const href = useCurrentHref();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      {user && usesStaffHeader(user, href) ? (
        <StaffHeader user={user} onLogout={onLogout} />
      ) : (
        <SiteHeader user={user} onLogout={onLogout} />
      )}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
