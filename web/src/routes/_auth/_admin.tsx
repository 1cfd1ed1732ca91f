import { createFileRoute, Link, Outlet } from '@tanstack/react-router';
import { adminAccess } from '../../lib/auth/guards';

/**
 * The admin guard as a pathless layout, under the login guard (doc 2 §2). The
 * role decides in beforeLoad; a signed-in customer stays on the address and
 * sees Access Denied in place of the page. The server checks the role again
 * on every call.
 */
export const Route = createFileRoute('/_auth/_admin')({
  beforeLoad: adminAccess,
  component: AdminLayout,
});

function AdminLayout() {
  const { isAdmin } = Route.useRouteContext();
  if (isAdmin) return <Outlet />;
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
