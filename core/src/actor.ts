import { AsyncLocalStorage } from 'node:async_hooks';
import { VisibleError } from './error';

/**
 * Who is making the current request. The HTTP layer resolves the session once
 * (functions/src/api/auth.ts) and runs the handler inside `withActor`; domain
 * code asks `useUser()` / `assertAdmin()` instead of reading headers, so
 * ownership and role checks live in core.
 */
export type Actor =
  { type: 'public' } | { type: 'user'; userId: string; role: 'user' | 'admin'; firstName: string };

export type UserActor = Extract<Actor, { type: 'user' }>;

/** What core may know about the request: who sent it, and from which address (for rate limits). */
export type RequestContext = { actor: Actor; clientIp: string };

const storage = new AsyncLocalStorage<RequestContext>();

export function withRequest<T>(context: RequestContext, body: () => T): T {
  return storage.run(context, body);
}

/** Runs `body` as `actor` (scripts, tests, the seed). */
export function withActor<T>(actor: Actor, body: () => T): T {
  return storage.run({ actor, clientIp: useClientIp() }, body);
}

export function useActor(): Actor {
  return storage.getStore()?.actor ?? { type: 'public' };
}

/** The client's address as the edge saw it; 'unknown' outside a request. */
export function useClientIp(): string {
  return storage.getStore()?.clientIp ?? 'unknown';
}

export const NOT_SIGNED_IN = 'Please log in to continue.';
export const NOT_ADMIN = 'You do not have permission to do that.';

/** The signed-in user; 401 when the request carries no valid session. */
export function useUser(): UserActor {
  const actor = useActor();
  if (actor.type !== 'user') throw new VisibleError('unauthorized', NOT_SIGNED_IN);
  return actor;
}

export function useUserId(): string {
  return useUser().userId;
}

/** 401 without a session, 403 for a signed-in non-admin. */
export function assertAdmin(): UserActor {
  const user = useUser();
  if (user.role !== 'admin') throw new VisibleError('forbidden', NOT_ADMIN);
  return user;
}
