import type { ReactNode } from 'react';
import { useAuth } from '../../lib/auth/store';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/**
 * Every page's frame: the skip link, the header, the page in <main>, the
 * footer. The app's root route and the pre-rendered home page
 * (web/src/home/start.tsx, decision 048) both draw it.
 */
export function SiteLayout({ onLogout, children }: { onLogout: () => void; children: ReactNode }) {
  const { user } = useAuth();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <SiteHeader user={user} onLogout={onLogout} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
