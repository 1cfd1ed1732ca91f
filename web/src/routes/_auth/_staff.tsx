import { createFileRoute } from '@tanstack/react-router';
import { RoleLayout } from '../../components/layout/AccessDenied';
import { requireRole } from '../../lib/auth/guards';

/**
 * The staff guard as a pathless layout, under the login guard (issue 22): the
 * technician's pages (/tech), which an admin may open too. Like the admin
 * guard, a signed-in customer stays on the address and sees Access Denied.
 */
export const Route = createFileRoute('/_auth/_staff')({
  beforeLoad: requireRole('technician'),
  component: () => <RoleLayout denied="This page is for the shop's technicians." />,
});
