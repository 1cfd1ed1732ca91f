import { config } from '@app/core/config';
import { Hono } from 'hono';

/** What the local SES stand-in (aws-ses-v2-local) keeps for each message. */
type StoredEmail = {
  from: string;
  replyTo?: string[];
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  /** `content` is the attachment's decoded bytes, in base64. */
  attachments: { filename?: string; contentType: string; content: string; size: number }[];
  at: number;
};

export type OutboxMail = {
  to: string[];
  from: string;
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
  /**
   * Attachments as the stand-in decoded them; `content` is read as UTF-8 text
   * (right for the text ones), `base64` is the bytes as they are (a PDF).
   */
  attachments: { filename: string; contentType: string; content: string; base64: string; size: number }[];
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
      // A raw (MIME) mail's recipients come back as its header's text, `a@x, b@x`: one address per entry here.
      to: [...mail.destination.to, ...mail.destination.cc, ...mail.destination.bcc].flatMap((to) =>
        to.split(/,\s*/),
      ),
      from: mail.from,
      replyTo: mail.replyTo ?? [],
      subject: mail.subject,
      text: mail.body.text ?? '',
      html: mail.body.html ?? '',
      attachments: mail.attachments.map((a) => ({
        filename: a.filename ?? '',
        contentType: a.contentType,
        content: Buffer.from(a.content, 'base64').toString('utf8'),
        base64: a.content,
        size: a.size,
      })),
      at: new Date(mail.at * 1000).toISOString(),
    }))
    .sort((a, b) => a.at.localeCompare(b.at));
}

export const outbox = new Hono().get('/', async (c) => c.json(await readOutbox()));
