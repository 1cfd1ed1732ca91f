import { business } from '../../lib/business';
import { EmailLink } from '../ui/EmailLink';
import { AppLink } from '../../lib/links';

const quickLinks = [
  { to: '/about', label: 'About Us' },
  { to: '/testimonials', label: 'Testimonials' },
  { to: '/blog', label: 'Blog' },
  { to: '/contact', label: 'Contact' },
] as const;

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <section className="site-footer__col" aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="site-footer__brand">
            {business.name}
          </h2>
          <p>
            Mobile car repair and detailing that comes to your driveway. Skilled technicians, clear prices and
            no waiting rooms, across {business.area} and the surrounding area.
          </p>
        </section>
        <nav className="site-footer__col" aria-labelledby="footer-links">
          <h2 id="footer-links">Quick Links</h2>
          <ul>
            <li>
              {/* The footer labels / as Services (doc 1 §2). */}
              <AppLink to="/" activeOptions={{ exact: true }}>
                Services
              </AppLink>
            </li>
            {quickLinks.map((link) => (
              <li key={link.to}>
                <AppLink to={link.to}>{link.label}</AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <section className="site-footer__col" aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <ul>
            <li>
              Email: <EmailLink address={business.email} />
            </li>
            <li>
              Phone: <a href={business.phoneHref}>{business.phone}</a>
            </li>
            <li>Service area: {business.area}</li>
          </ul>
        </section>
      </div>
      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          <p>
            © {new Date().getFullYear()} {business.name}. All rights reserved.
          </p>
          <ul className="site-footer__legal">
            <li>
              <AppLink to="/privacy">Privacy Policy</AppLink>
            </li>
            <li>
              <AppLink to="/terms">Terms of Service</AppLink>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
