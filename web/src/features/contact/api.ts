import { api, unwrap } from '../../lib/api';

export type ContactMessage = { name: string; email: string; subject: string; message: string };

/** Stores the message, mails it to the business and confirms to the sender; replies { msg }. */
export async function sendContactMessage(message: ContactMessage): Promise<{ msg: string }> {
  return unwrap(api.api.contact.$post({ json: message }));
}
