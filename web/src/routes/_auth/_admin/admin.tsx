import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { pageTitle } from '../../../lib/business';

export const Route = createFileRoute('/_auth/_admin/admin')({
  // The _auth and _admin layouts guard it: shown only to a signed-in admin.
  head: () => ({ meta: [{ title: pageTitle('Admin Dashboard') }] }),
  component: AdminPage,
});

function AdminPage() {
  const { user } = Route.useRouteContext();

  // While shown, the page carries an admin-page marker (doc 2 §2).
  useEffect(() => {
    document.body.classList.add('admin-page');
    return () => document.body.classList.remove('admin-page');
  }, []);

  return (
    <div className="page container admin">
      <h1>Admin Dashboard</h1>
      {/* The panels (bookings, time slots, services, work orders, testimonials, blog) arrive with their issues. */}
      <p className="status-text">Welcome, {user.firstName}. The management panels are being set up.</p>
    </div>
  );
}
