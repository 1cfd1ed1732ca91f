import { messageOf } from '../../lib/api';
import { FormMessage } from './FormMessage';

/** A failed request's line under a form: the server's msg, else `fallback`; nothing while there is no error. */
export function FailureMessage({ error, fallback }: { error: unknown; fallback: string }) {
  return error ? <FormMessage tone="error">{messageOf(error, fallback)}</FormMessage> : null;
}
