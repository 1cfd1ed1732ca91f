import { createFileRoute } from '@tanstack/react-router';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import '../../../components/ui/admin-panel.css';
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
      <p className="status-text">Welcome, {user.firstName}.</p>
      <AdminDashboard />
    </div>
  );
}

type Panel = { id: string; title: string; Body: ComponentType };

const ManageBookingsPanel = lazy(() => import('../../../features/manage-bookings/ManageBookingsPanel'));
const WorkOrderPanel = lazy(() => import('../../../features/work-orders/WorkOrderPanel'));
const WorkOrderFromBooking = lazy(() =>
  import('../../../features/work-orders/WorkOrderPanel').then((module) => ({
    default: module.WorkOrderFromBooking,
  })),
);

/** Manage Bookings with its work-order sub-views (doc 2 §2), joined here: a feature does not import another. */
function ManageBookingsWithWorkOrders() {
  return (
    <ManageBookingsPanel
      workOrders={{
        renderCreate: (prefill, onDone) => (
          <Suspense fallback={<p className="status-text">Loading...</p>}>
            <WorkOrderFromBooking prefill={prefill} onDone={onDone} />
          </Suspense>
        ),
        renderManager: () => (
          <Suspense fallback={<p className="status-text">Loading...</p>}>
            <WorkOrderPanel />
          </Suspense>
        ),
      }}
    />
  );
}

/**
 * The panels of /admin in the spec's order (doc 2 §2). Each is a lazy chunk
 * of its own, so a public page loads none of the admin code and a panel's
 * code is fetched only by an admin's browser.
 */
const panels: Panel[] = [
  {
    id: 'manage-bookings',
    title: 'Manage Bookings',
    Body: ManageBookingsWithWorkOrders,
  },
  {
    id: 'time-slots',
    title: 'Time Slot Manager',
    Body: lazy(() => import('../../../features/time-slot-manager/TimeSlotManagerPanel')),
  },
  {
    id: 'services',
    title: 'Service Manager',
    Body: lazy(() => import('../../../features/service-manager/ServiceManagerPanel')),
  },
  {
    id: 'work-orders',
    title: 'Work Orders',
    Body: WorkOrderPanel,
  },
  {
    id: 'revenue',
    title: 'Revenue',
    Body: lazy(() => import('../../../features/revenue/RevenuePanel')),
  },
  {
    id: 'testimonials',
    title: 'Manage Testimonials',
    Body: lazy(() => import('../../../features/testimonial-manager/TestimonialManagerPanel')),
  },
  {
    id: 'blog',
    title: 'Blog Manager',
    Body: lazy(() => import('../../../features/blog-manager/BlogManagerPanel')),
  },
];

function AdminDashboard() {
  return (
    <div className="admin-panels">
      {panels.map(({ id, title, Body }) => (
        <section key={id} className="admin-panel" aria-labelledby={`admin-panel-${id}`}>
          <h2 id={`admin-panel-${id}`} className="admin-panel__title">
            {title}
          </h2>
          <Suspense fallback={<p className="status-text">Loading...</p>}>
            <Body />
          </Suspense>
        </section>
      ))}
    </div>
  );
}
