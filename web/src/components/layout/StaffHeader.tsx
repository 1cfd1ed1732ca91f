import { business } from '../../lib/business';
import { AppLink } from '../../lib/links';
import type { NavUser } from './SiteHeader';

/** True when `user` gets the staff's header on `href` (decision 096): a technician everywhere, the admin on /admin and /tech. */
export function usesStaffHeader(user: NavUser | null, href: string): boolean {
  if (user?.role === 'technician') return true;
  return user?.role === 'admin' && /^\/(admin|tech)(\/|\?|#|$)/.test(href);
}

/**
 * The staff's own header (issue 30): none of the customer site's Book, Work
 * Orders or My Account ("You have no bookings yet"). A technician has their
 * day; the admin the desk and the public site. Short
 * enough for one row at 390 px, so it needs no menu.
 */
export function StaffHeader({ user, onLogout }: { user: NavUser; onLogout: () => void }) {
  const links =
    user.role === 'admin'
      ? [
          { to: '/admin', label: 'Admin' },
          { to: '/', label: 'Site' },
        ]
      : [{ to: '/tech', label: 'My Day' }];
  return (
    <header className="site-header site-header--signed-in site-header--staff">
      <div className="site-header__inner container">
        <AppLink to={user.role === 'admin' ? '/admin' : '/tech'} className="brand">
          <span className="brand__name">{business.name}</span>
          <span className="brand__area">Staff</span>
        </AppLink>
        <nav className="staff-nav" aria-label="Staff">
          <ul className="staff-nav__links">
            {links.map((link) => (
              <li key={link.to}>
                <AppLink to={link.to} activeOptions={{ exact: link.to === '/' }}>
                  {link.label}
                </AppLink>
              </li>
            ))}
          </ul>
          <span className="site-nav__greeting staff-nav__greeting">Welcome, {user.firstName}!</span>
          <button type="button" className="button button--ghost staff-nav__logout" onClick={onLogout}>
            Logout
          </button>
        </nav>
      </div>
    </header>
  );
}
