import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { business } from '../../lib/business';
import { AppLink, useCurrentHref } from '../../lib/links';

/** The signed-in user as the navigation needs it. */
export type NavUser = { firstName: string; role: string };

type SiteHeaderProps = {
  user: NavUser | null;
  /** Logs out, then goes to / (doc 1 §2). */
  onLogout: () => void;
};

/** Top navigation after Services and Home, in the spec's order (doc 1 §2), Work Orders last. */
const pageLinks = [
  { to: '/about', label: 'About' },
  { to: '/testimonials', label: 'Testimonials' },
  { to: '/blog', label: 'Blog' },
  { to: '/contact', label: 'Contact' },
  { to: '/work-order-portal', label: 'Work Orders' },
] as const;

/** Then the signed-in user's own pages: My Account, and a technician's day or the admin's dashboard. */
const roleLinks = {
  technician: [{ to: '/tech', label: 'My Day' }],
  admin: [{ to: '/admin', label: 'Admin' }],
} as const;

function accountLinks(user: NavUser | null) {
  if (!user) return [];
  const forRole = user.role === 'technician' || user.role === 'admin' ? roleLinks[user.role] : [];
  return [{ to: '/dashboard', label: 'My Account' } as const, ...forRole];
}

export function SiteHeader({ user, onLogout }: SiteHeaderProps) {
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const href = useCurrentHref();
  // The menu is open only on the location where it was opened, so any route change closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === href;
  const close = () => setOpenAt(null);

  const onKeyDown = (event: KeyboardEvent) => {
    if (open && event.key === 'Escape') {
      close();
      toggleRef.current?.focus();
    }
  };

  return (
    <header className={user ? 'site-header site-header--signed-in' : 'site-header'}>
      <div className="site-header__inner container" onKeyDown={onKeyDown}>
        <AppLink to="/" activeOptions={{ exact: true }} className="brand" onClick={close}>
          <span className="brand__name">{business.name}</span>
          <span className="brand__area">{business.area}</span>
        </AppLink>
        {/* Always in the bar, on phones too: one tap to call, one to book (the services list: decision 046). */}
        <div className="site-header__quick">
          <a
            href={business.phoneHref}
            className="site-header__call"
            aria-label={`Call ${business.phone}`}
            onClick={close}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
              />
            </svg>
            <span className="site-header__call-number" aria-hidden="true">
              {business.phone}
            </span>
          </a>
          <AppLink to="/services" className="button button--primary site-header__book" onClick={close}>
            Book<span className="visually-hidden"> a service</span>
          </AppLink>
        </div>
        <nav className="site-nav" aria-label="Main">
          <button
            ref={toggleRef}
            type="button"
            className="site-nav__toggle"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpenAt(open ? null : href)}
          >
            <span className="site-nav__toggle-icon" aria-hidden="true" />
            <span className="site-nav__toggle-label">Menu</span>
          </button>
          <div id={menuId} className={open ? 'site-nav__menu is-open' : 'site-nav__menu'}>
            <ul className="site-nav__links">
              <li>
                <AppLink to="/" hash="services" activeOptions={{ exact: true }} onClick={close}>
                  Services
                </AppLink>
              </li>
              <li>
                {/* The spec's top navigation labels /services as Home (doc 1 §2). */}
                <AppLink to="/services" onClick={close}>
                  Home
                </AppLink>
              </li>
              {[...pageLinks, ...accountLinks(user)].map((link) => (
                <li key={link.to}>
                  <AppLink to={link.to} onClick={close}>
                    {link.label}
                  </AppLink>
                </li>
              ))}
            </ul>
            <div className="site-nav__account">
              {user ? (
                <>
                  <span className="site-nav__greeting">Welcome, {user.firstName}!</span>
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={() => {
                      close();
                      onLogout();
                    }}
                  >
                    Logout
                  </button>
                </>
              ) : (
                <AppLink to="/login" className="button button--ghost" onClick={close}>
                  Login / Register
                </AppLink>
              )}
            </div>
          </div>
        </nav>
      </div>
    </header>
  );
}
