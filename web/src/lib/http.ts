import { ApiError } from './api';
import { authHeaders } from './token';

/**
 * Plain fetch calls for replies the typed client does not model: a PDF to
 * save, and error replies whose other fields a page reads (the work orders'
 * `{ message, alreadyAcknowledged, expired, acknowledgmentDate }`). Errors
 * are ApiErrors, so `messageOf` and `isApiStatus` work on them as on the
 * typed client's.
 */

/** A failed call whose JSON body the page reads beyond its message. */
export class ReplyError extends ApiError {
  constructor(
    message: string,
    status: number,
    serverMsg: string | undefined,
    /** The reply's JSON object, when it had one. */
    readonly body: Record<string, unknown>,
  ) {
    super(message, status, serverMsg);
  }
}

/** The reply's `message` (the work orders' clients read it, doc 2 §8), else its `msg`. */
export function serverMessageOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { message, msg } = body as { message?: unknown; msg?: unknown };
  if (typeof message === 'string' && message) return message;
  if (typeof msg === 'string' && msg) return msg;
  return undefined;
}

/** A field of a failed call's body (undefined for other errors). */
export function replyField(error: unknown, field: string): unknown {
  return error instanceof ReplyError ? error.body[field] : undefined;
}

type Request = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; json?: unknown };

/** Sends a request with the session token; the ok Response, or a ReplyError / network ApiError. */
export async function send(path: string, { method = 'GET', json }: Request = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { ...authHeaders(), ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch {
    throw new ApiError('Could not reach the server. Please check your connection.', 0);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const msg = serverMessageOf(body);
    throw new ReplyError(
      msg ?? `Request failed (${response.status}).`,
      response.status,
      msg,
      body && typeof body === 'object' ? (body as Record<string, unknown>) : {},
    );
  }
  return response;
}

/** send(), then the reply's JSON. */
export async function sendJson<T>(path: string, request?: Request): Promise<T> {
  const response = await send(path, request);
  return (await response.json()) as T;
}

/** 'WorkOrder-WO-2026-0001.pdf' from `attachment; filename="WorkOrder-WO-2026-0001.pdf"`, else `fallback`. */
export function filenameOf(contentDisposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(contentDisposition ?? '');
  const name = match?.[1] ? decodeURIComponent(match[1]).trim() : '';
  // Only a plain file name: never a path.
  return name && !/[\\/]/.test(name) ? name : fallback;
}

/**
 * Fetches a file (a PDF) and hands it to the browser's download, named as the
 * reply's Content-Disposition says, else `fallbackName`. Returns the name.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const response = await send(path);
  const blob = await response.blob();
  const filename = filenameOf(response.headers.get('content-disposition'), fallbackName);
  saveBlob(blob, filename);
  return filename;
}

/** Saves a blob as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the download a moment to start before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
