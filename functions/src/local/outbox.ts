import { config } from '@app/core/config';
import { Hono } from 'hono';

/** What the local SES stand-in (aws-ses-v2-local) keeps for each message. */
type StoredEmail = {
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  attachments: { filename?: string; contentType: string; size: number }[];
  at: number;
};

export type OutboxMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; size: number }[];
  at: string;
};

/** Mail sent so far through the local SES endpoint, oldest first. */
export async function readOutbox(): Promise<OutboxMail[]> {
  const cfg = config();
  if (cfg.mode !== 'local') return [];
  const response = await fetch(new URL('/store', cfg.endpoints.ses));
  if (!response.ok) throw new Error(`The local SES store answered ${response.status}`);
  const { emails } = (await response.json()) as { emails: StoredEmail[] };
  return emails
    .map((mail) => ({
      to: [...mail.destination.to, ...mail.destination.cc, ...mail.destination.bcc],
      from: mail.from,
      subject: mail.subject,
      text: mail.body.text ?? '',
      html: mail.body.html ?? '',
      attachments: mail.attachments.map((a) => ({
        filename: a.filename ?? '',
        contentType: a.contentType,
        size: a.size,
      })),
      at: new Date(mail.at * 1000).toISOString(),
    }))
    .sort((a, b) => a.at.localeCompare(b.at));
}

export const outbox = new Hono().get('/', async (c) => c.json(await readOutbox()));
