import { createFileRoute } from '@tanstack/react-router';
import { RoleLayout } from '../../components/layout/AccessDenied';
import { requireRole } from '../../lib/auth/guards';

/**
 * The admin guard as a pathless layout, under the login guard (doc 2 §2). The
 * role decides in beforeLoad; a signed-in customer stays on the address and
 * sees Access Denied in place of the page. The server checks the role again
 * on every call.
 */
export const Route = createFileRoute('/_auth/_admin')({
  beforeLoad: requireRole('admin'),
  component: () => (
    <RoleLayout denied="You do not have access to the admin dashboard. It is only available to shop administrators." />
  ),
});
