import { Link } from '@tanstack/react-router';
import type { SessionUser } from '../../../lib/auth/store';

/**
 * Who may not book yet is told why, in place of the step that continues
 * (doc 1 §2): a visitor must log in; a customer needs a card on file, which is
 * not charged until the service is complete. Nothing shows for a customer with a card.
 *
 * `returnTo` is where login or the card form sends them back to: this booking page.
 */
export function BookingNotice({ user, returnTo }: { user: SessionUser | null; returnTo: string }) {
  if (user && user.role !== 'user') return <StaffNotice role={user.role} />;
  if (user?.hasCardOnFile) return null;
  if (!user) {
    return (
      <section className="notice booking-notice" aria-labelledby="booking-notice-title">
        <h2 id="booking-notice-title">Please Log In</h2>
        <p>Log in to your account to book this service. You can look at the dates and times first.</p>
        <p className="booking-notice__actions">
          <Link to="/login" search={{ redirect: returnTo }} className="button button--primary">
            Log In
          </Link>
          <Link to="/register" search={{ redirect: returnTo }}>
            Create an account
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="notice booking-notice" aria-labelledby="booking-notice-title">
      <h2 id="booking-notice-title">Payment Method Required</h2>
      <p>
        A card on file is required to book a service. Your card is not charged until the service is complete.
      </p>
      <p className="booking-notice__actions">
        {/* /account-settings opens the card form and comes back to `redirect` once a card is saved. */}
        <Link to="/account-settings" search={{ redirect: returnTo }} className="button button--primary">
          Add a Payment Method
        </Link>
      </p>
    </section>
  );
}

/** Staff do not book for themselves here (issue 30): the admin books at the desk, a technician works their day. */
function StaffNotice({ role }: { role: SessionUser['role'] }) {
  return (
    <section className="notice booking-notice" aria-labelledby="booking-notice-title">
      <h2 id="booking-notice-title">Signed In as Staff</h2>
      {role === 'admin' ? (
        <p>
          Customers book on this page. To book for a customer, use Manage Bookings on the desk.{' '}
          <Link to="/admin">Go to the desk</Link>
        </p>
      ) : (
        <p>
          Customers book on this page. <Link to="/tech">Back to my day</Link>
        </p>
      )}
    </section>
  );
}
