import type { AppType } from '@app/functions/api/index';
import { type ClientResponse, hc } from 'hono/client';
import type { ClientErrorStatusCode, ServerErrorStatusCode } from 'hono/utils/http-status';
import { authHeaders } from './token';

/**
 * The typed API client. Only the *type* of the Hono app crosses into the
 * browser; at run time this is Hono's small fetch wrapper. Same origin: the
 * local server and the CDN both serve /api next to the SPA. Every call carries
 * the stored session token as `x-auth-token` (doc 1 §3).
 */
export const api = hc<AppType>('/', { headers: authHeaders });

/**
 * A failed API call: `status` is the HTTP status (0 when the network failed);
 * `serverMsg` is the reply's `msg`, when it had one.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly serverMsg?: string,
  ) {
    super(message);
  }
}

/** The spec's rule for error texts: the server's msg, else the screen's fallback text. */
export const messageOf = (error: unknown, fallback: string): string =>
  (error instanceof ApiError && error.serverMsg) || fallback;

/** True when `error` is an API reply with one of these statuses. */
export const isApiStatus = (error: unknown, ...statuses: number[]): boolean =>
  error instanceof ApiError && statuses.includes(error.status);

/** The body of the replies that are not errors (the typed client lists error replies, such as 400 { msg }, too). */
type OkBody<R> =
  R extends ClientResponse<infer T, infer S, infer _F>
    ? [S] extends [ClientErrorStatusCode | ServerErrorStatusCode]
      ? never
      : T
    : never;

/**
 * Awaits a typed client call and returns its JSON body. A non-ok reply becomes
 * an ApiError carrying the server's `msg` (every error reply is JSON { msg });
 * a network failure becomes an ApiError with status 0.
 */
export async function unwrap<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
): Promise<OkBody<R>> {
  let response: R;
  try {
    response = await request;
  } catch {
    throw new ApiError('Could not reach the server. Please check your connection.', 0);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const msg =
      body && typeof body === 'object' && 'msg' in body && typeof body.msg === 'string'
        ? body.msg
        : undefined;
    throw new ApiError(msg ?? `Request failed (${response.status}).`, response.status, msg);
  }
  return (await response.json()) as OkBody<R>;
}
