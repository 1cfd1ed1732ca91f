import type { InferRequestType } from 'hono/client';
import { api, unwrap } from '../../lib/api';

/** The body POST /api/contact accepts, inferred from the typed client. */
export type ContactMessage = InferRequestType<typeof api.api.contact.$post>['json'];

/** Stores the message, mails it to the business and confirms to the sender; replies { msg }. */
export async function sendContactMessage(message: ContactMessage): Promise<{ msg: string }> {
  return unwrap(api.api.contact.$post({ json: message }));
}
