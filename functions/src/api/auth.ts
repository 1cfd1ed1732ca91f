import { type Actor, NOT_ADMIN, NOT_SIGNED_IN, withRequest } from '@app/core/actor';
import { Session } from '@app/core/auth/session';
import { config } from '@app/core/config';
import { VisibleError } from '@app/core/error';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { cameThroughRouter } from './origin';

/**
 * The request's identity, handed to core through the request context
 * (core/src/actor.ts). Every request runs as the public actor; routes that
 * need a user add `requireUser` (401) or `requireAdmin` (401/403), and the
 * whole /api/admin/ prefix is behind `requireAdmin` before any route lookup.
 */

/**
 * The client's address for rate limits (decision 008). On AWS the Router's
 * edge function sets `x-client-ip` from the viewer's address, overwriting any
 * value the client sent; it counts only beside the Router's proof (./origin.ts,
 * decision 015). Locally the socket has it. Otherwise the request context's
 * source address. X-Forwarded-For is never trusted.
 */
export function clientIp(c: Context): string {
  if (config().mode === 'aws' && cameThroughRouter(c)) {
    const edge = c.req.header('x-client-ip');
    if (edge) return edge;
  }
  const env = c.env as
    | {
        requestContext?: { http?: { sourceIp?: string } };
        incoming?: { socket?: { remoteAddress?: string } };
      }
    | undefined;
  return env?.requestContext?.http?.sourceIp ?? env?.incoming?.socket?.remoteAddress ?? 'unknown';
}

/**
 * The session token. Everywhere it is `x-auth-token` (doc 1 §3); saving a card
 * also takes `Authorization: Bearer` (doc 2 §6: the spec's client sends its
 * token that way there, and only there), so `bearer` is set only by that route.
 */
function tokenOf(c: Context, options: { bearer: boolean }): string | undefined {
  const header = c.req.header('x-auth-token')?.trim();
  if (header) return header;
  if (!options.bearer) return undefined;
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  return bearer?.[1];
}

function run(c: Context, actor: Actor, next: () => Promise<void>) {
  return withRequest({ actor, clientIp: clientIp(c) }, next);
}

/** Every request: the public actor and the client address. */
export const requestContext = createMiddleware((c, next) => run(c, { type: 'public' }, next));

async function signedIn(c: Context, next: () => Promise<void>, options: { bearer: boolean }) {
  const token = tokenOf(c, options);
  if (!token) throw new VisibleError('unauthorized', NOT_SIGNED_IN);
  await run(c, await Session.verify(token), next);
}

/** 401 `{ msg }` for a missing, invalid, expired or outdated `x-auth-token`. */
export const requireUser = createMiddleware((c, next) => signedIn(c, next, { bearer: false }));

/** requireUser that also takes `Authorization: Bearer <token>`: for saving a card only (doc 2 §6, §7). */
export const requireUserBearer = createMiddleware((c, next) => signedIn(c, next, { bearer: true }));

/** requireUser, then 403 `{ msg }` for anyone but an admin. */
export const requireAdmin = createMiddleware(async (c, next) => {
  const token = tokenOf(c, { bearer: false });
  if (!token) throw new VisibleError('unauthorized', NOT_SIGNED_IN);
  const actor = await Session.verify(token);
  if (actor.role !== 'admin') throw new VisibleError('forbidden', NOT_ADMIN);
  await run(c, actor, next);
});

/**
 * requireUser, then 403 `{ msg }` for anyone but the shop's staff (an admin
 * or a technician, issue 22). Which jobs a technician may act on is core's
 * rule (Technician.assertWorks); this only keeps customers out early.
 */
export const requireStaff = createMiddleware(async (c, next) => {
  const token = tokenOf(c, { bearer: false });
  if (!token) throw new VisibleError('unauthorized', NOT_SIGNED_IN);
  const actor = await Session.verify(token);
  if (actor.role !== 'admin' && actor.role !== 'technician') throw new VisibleError('forbidden', NOT_ADMIN);
  await run(c, actor, next);
});
