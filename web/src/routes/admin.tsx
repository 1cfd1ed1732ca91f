import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { requireLogin } from '../lib/auth/guards';
import { useAuth } from '../lib/auth/store';
import { pageTitle } from '../lib/business';

export const Route = createFileRoute('/admin')({
  // Login first (the guard remembers /admin); the role is checked on the page and, for every call, on the server.
  beforeLoad: requireLogin,
  head: () => ({ meta: [{ title: pageTitle('Admin Dashboard') }] }),
  component: AdminPage,
});

function AdminPage() {
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';

  // While shown, the page carries an admin-page marker (doc 2 §2).
  useEffect(() => {
    if (!isAdmin) return;
    document.body.classList.add('admin-page');
    return () => document.body.classList.remove('admin-page');
  }, [isAdmin]);

  if (!isAdmin) {
    return (
      <div className="page container">
        <h1>Access Denied</h1>
        <p className="status-text status-text--error" role="alert">
          You do not have access to the admin dashboard. It is only available to shop administrators.
        </p>
        <p>
          <Link to="/dashboard" className="button button--secondary">
            Go to My Account
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="page container admin">
      <h1>Admin Dashboard</h1>
      {/* The panels (bookings, time slots, services, work orders, testimonials, blog) arrive with their issues. */}
      <p className="status-text">Welcome, {user.firstName}. The management panels are being set up.</p>
    </div>
  );
}
