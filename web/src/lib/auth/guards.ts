import { type ParsedLocation, redirect } from '@tanstack/react-router';
import type { Auth, SessionUser } from './store';

/**
 * The login guard (doc 1 §2): without a user, go to /login and remember where
 * the visitor was going. For the `_auth` layout's `beforeLoad`; the user it
 * returns is in the context of every route below it.
 */
export async function requireLogin({
  context,
  location,
}: {
  context: { auth: Auth };
  location: ParsedLocation;
}) {
  await context.auth.ready();
  const { user } = context.auth.getState();
  if (!user) throw redirect({ to: '/login', search: { redirect: location.href } });
  return { user };
}

/**
 * The login guard unless the page's address carries a link (`?token=`: a
 * reminder's reschedule link, issue 21), for a public route's `beforeLoad`:
 * without a link, the owner signs in and the guard comes back here.
 */
export async function requireLoginWithoutLink({
  context,
  location,
  search,
}: {
  context: { auth: Auth };
  location: ParsedLocation;
  search: { token?: string };
}): Promise<void> {
  if (!search.token) await requireLogin({ context, location });
}

/** Who may open a staff page: an admin may open a technician's page too (the admin views a technician's day). */
const ROLE_RANK = { user: 0, technician: 1, admin: 2 } as const satisfies Record<SessionUser['role'], number>;

/**
 * The role guard (doc 2 §2, issue 22), for a pathless layout's `beforeLoad`
 * below the login guard: `_admin` asks for 'admin', `_staff` (/tech) for
 * 'technician', which an admin also passes. It does not redirect: a signed-in
 * user without the role stays on the address and the layout shows Access
 * Denied, so the answer goes into the context. The server checks the role
 * again on every call.
 */
export function requireRole(role: Exclude<SessionUser['role'], 'user'>) {
  return ({ context }: { context: { user: SessionUser } }) => ({
    hasRole: ROLE_RANK[context.user.role] >= ROLE_RANK[role],
  });
}

/** Only same-site paths are followed after login, never another origin. */
export function safeRedirect(target: string | undefined): string | undefined {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return undefined;
  return target;
}
