import { AsyncLocalStorage } from 'node:async_hooks';
import { VisibleError } from './error';

/**
 * Who is making the current request. The HTTP layer identifies the caller
 * once (functions/src/api/auth.ts) and runs the handler inside `withRequest`;
 * domain code asks `useUser()` / `assertAdmin()` instead of reading headers,
 * so role and ownership checks live in core. `system` is the shop's own code
 * acting with no person behind it (the seed, the create-admin script, the
 * scheduled job); only code can take that identity, never a request.
 */
export type Actor =
  | { type: 'public' }
  | { type: 'user'; userId: string; role: 'user' | 'admin' | 'technician'; firstName: string }
  | { type: 'system'; name: string };

export type UserActor = Extract<Actor, { type: 'user' }>;

/** What core may know about the request: who sent it, and from which address (for rate limits). */
export type RequestContext = { actor: Actor; clientIp: string };

const storage = new AsyncLocalStorage<RequestContext>();

export function withRequest<T>(context: RequestContext, body: () => T): T {
  return storage.run(context, body);
}

/** Runs `body` as `actor` (scripts, tests, the seed, the scheduled job). */
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

/** Runs `body` as the shop's own code (`name` says which, for the logs). */
export function asSystem<T>(name: string, body: () => T): T {
  return withActor({ type: 'system', name }, body);
}

/**
 * 401 without a session, 403 for anyone but the shop's staff (an admin or a
 * technician; issue 22); the system passes. Which jobs a technician may act
 * on is the Technician namespace's rule (core/src/technician).
 */
export function assertStaff(): void {
  if (useActor().type === 'system') return;
  const user = useUser();
  if (user.role !== 'admin' && user.role !== 'technician') throw new VisibleError('forbidden', NOT_ADMIN);
}

/** 401 without a session, 403 for a signed-in non-admin; the system passes. */
export function assertAdmin(): void {
  if (useActor().type === 'system') return;
  const user = useUser();
  if (user.role !== 'admin') throw new VisibleError('forbidden', NOT_ADMIN);
}
