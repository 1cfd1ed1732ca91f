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
 * The admin guard (doc 2 §2), for the `_auth/_admin` layout's `beforeLoad`,
 * below the login guard. It does not redirect: a customer who opens /admin
 * stays there and the layout shows Access Denied, so the answer goes into the
 * context.
 */
export function adminAccess({ context }: { context: { user: SessionUser } }) {
  return { isAdmin: context.user.role === 'admin' };
}

/** Only same-site paths are followed after login, never another origin. */
export function safeRedirect(target: string | undefined): string | undefined {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return undefined;
  return target;
}
