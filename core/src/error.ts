/**
 * An error whose message is meant for the person using the app. The HTTP
 * layer maps `kind` to a status and sends `{ msg: message }`; every other
 * error becomes a logged, generic 500.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'rate_limited'
  | 'unavailable'
  /** A provider we depend on (the card processor) failed or could not be reached: 502. */
  | 'bad_gateway';

export class VisibleError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** Extra fields a client reads beside `msg` (e.g. `alreadyAcknowledged`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'VisibleError';
  }
}
