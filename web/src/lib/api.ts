import type { AppType } from '@app/functions/api/index';
import { queryOptions } from '@tanstack/react-query';
import { type ClientRequestOptions, type ClientResponse, hc } from 'hono/client';
import type { ClientErrorStatusCode, ServerErrorStatusCode } from 'hono/utils/http-status';
import { authHeaders } from './token';

/**
 * The one way the browser reaches the API (decision 054): Hono's typed client.
 * Only the *type* of the Hono app crosses into the browser; at run time this
 * is Hono's small fetch wrapper. Same origin: the local server and the CDN
 * both serve /api next to the SPA. Every call carries the stored session
 * token as `x-auth-token` (doc 1 §3).
 */
export const api = hc<AppType>('/', {
  headers: authHeaders,
  fetch: (...args: FetchArgs) => apiFetch(...args),
});

/** The same client without the session header, for the one call that sends it as a Bearer token (doc 2 §6). */
export const apiWithoutSession = hc<AppType>('/', { fetch: (...args: FetchArgs) => apiFetch(...args) });

type FetchArgs = Parameters<typeof fetch>;
let apiFetch: typeof fetch = (...args) => fetch(...args);

/**
 * The API server's page renderer (decision 072) answers the calls of a page it renders itself, in
 * its own process: the browser's client then runs on the server unchanged. Never called in the browser.
 */
export function answerApiCallsWith(answer: typeof fetch): void {
  apiFetch = answer;
}

/**
 * A failed API call, the one error type of the web app. `status` is the HTTP
 * status (0 when the network failed); `serverMsg` is the reply's `message`
 * (the work orders' clients read it, doc 2 §8) or else its `msg`; `body` is
 * the reply's JSON object, for the fields a page reads beyond the message
 * (the work orders' `alreadyAcknowledged`, `expired`, `acknowledgmentDate`).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly serverMsg?: string,
    readonly body: Readonly<Record<string, unknown>> = {},
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

/** A field of a failed call's reply body (undefined for other errors). */
export const replyField = (error: unknown, field: string): unknown =>
  error instanceof ApiError ? error.body[field] : undefined;

/** The reply's `message` (doc 2 §8 prefers it where a reply has both), else its `msg`. */
export function serverMessageOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { message, msg } = body as { message?: unknown; msg?: unknown };
  if (typeof message === 'string' && message) return message;
  if (typeof msg === 'string' && msg) return msg;
  return undefined;
}

/** The body of the replies that are not errors (the typed client lists error replies, such as 400 { msg }, too). */
type OkBody<R> =
  R extends ClientResponse<infer T, infer S, infer _F>
    ? [S] extends [ClientErrorStatusCode | ServerErrorStatusCode]
      ? never
      : T
    : never;

type AnyCall = (...args: never[]) => Promise<ClientResponse<unknown, number, string>>;

/**
 * The ok reply body of a typed client call, straight from the API's route
 * types: `Reply<typeof api.api.services.$get>`. Pages name reply types so,
 * never by hand.
 */
export type Reply<F extends AnyCall> = OkBody<Awaited<ReturnType<F>>>;

const NETWORK = 'Could not reach the server. Please check your connection.';

/**
 * Awaits a typed client call and returns the ok Response itself (for a file
 * to save). A non-ok reply becomes an ApiError carrying the reply's message
 * and body (every error reply is JSON with `msg`); a network failure becomes
 * an ApiError with status 0.
 */
export async function okResponse<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
): Promise<R> {
  let response: R;
  try {
    response = await request;
  } catch {
    throw new ApiError(NETWORK, 0);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const msg = serverMessageOf(body);
    throw new ApiError(
      msg ?? `Request failed (${response.status}).`,
      response.status,
      msg,
      body && typeof body === 'object' ? (body as Record<string, unknown>) : {},
    );
  }
  return response;
}

/** Awaits a typed client call and returns its JSON body; errors as `okResponse`. */
export async function unwrap<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
): Promise<OkBody<R>> {
  const response = await okResponse(request);
  return (await response.json()) as OkBody<R>;
}

/**
 * Call options that send `form` as the multipart body, for the routes that
 * read their own multipart form (an image with its fields; the server's
 * `readImageForm`). The browser sets the boundary; the reply stays typed:
 * `unwrap(api.api.posts.$post({}, withForm(form)))`.
 */
export const withForm = (form: FormData): ClientRequestOptions => ({ init: { body: form } });

/**
 * A call's path parameters, each percent-encoded: Hono's client puts them
 * into the path as given, so a typed number such as 'WO/../x' would change
 * the path. Every call with a `param` passes it through here.
 */
export const path = <P extends Record<string, string>>(params: P): P =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k, encodeURIComponent(v)])) as P;

/**
 * What a page opened by a link shows is read once per token (decision 110): never stale, no
 * refetch on focus or reconnect. Spread into the link page's `queryOptions`.
 */
export const oncePerLink = {
  staleTime: Infinity,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;

/**
 * A link page's query (decision 110): keyed by the token, read once per token (`oncePerLink`), the
 * token percent-encoded into the path given to `read`; `retry: false` where a page asks it once only.
 */
export const linkQueryOptions = <T>(
  key: string,
  token: string,
  read: (byToken: { param: { token: string } }) => Promise<T>,
  once?: { retry: false },
) =>
  queryOptions({
    queryKey: [key, token],
    queryFn: (): Promise<T> => read({ param: path({ token }) }),
    ...oncePerLink,
    ...once,
  });
