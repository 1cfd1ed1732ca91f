import { type ParsedLocation, redirect } from '@tanstack/react-router';
import type { Auth } from './store';

/**
 * The login guard (doc 1 §2): without a user, go to /login and remember where
 * the visitor was going. For a route's `beforeLoad`.
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

/** Only same-site paths are followed after login, never another origin. */
export function safeRedirect(target: string | undefined): string | undefined {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return undefined;
  return target;
}
