import { config } from '@app/core/config';
import { Hono } from 'hono';
import type { SentText } from './sms/stand-in';

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
  channel: 'mail';
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

/**
 * A text sent through the local End User Messaging SMS stand-in, in the mail's
 * shape (so readers that look only for mail pass it by) with `channel: 'sms'`:
 * `to` holds the number, `text` the body, `from` the origination identity.
 */
export type OutboxText = Omit<OutboxMail, 'channel'> & { channel: 'sms' };

/** Texts sent so far through the local SMS endpoint, oldest first. */
export async function readTexts(): Promise<OutboxText[]> {
  const cfg = config();
  if (cfg.mode !== 'local') return [];
  const response = await fetch(new URL('/_local/messages', cfg.endpoints.sms));
  if (!response.ok) throw new Error(`The local SMS stand-in answered ${response.status}`);
  const { messages } = (await response.json()) as { messages: SentText[] };
  return messages.map((text) => ({
    channel: 'sms',
    to: [text.to],
    from: text.from,
    replyTo: [],
    subject: '',
    text: text.body,
    html: '',
    attachments: [],
    at: text.at,
  }));
}

/** Mail sent so far through the local SES endpoint, oldest first. */
export async function readOutbox(): Promise<OutboxMail[]> {
  const cfg = config();
  if (cfg.mode !== 'local') return [];
  const response = await fetch(new URL('/store', cfg.endpoints.ses));
  if (!response.ok) throw new Error(`The local SES store answered ${response.status}`);
  const { emails } = (await response.json()) as { emails: StoredEmail[] };
  return emails
    .map((mail) => ({
      channel: 'mail' as const,
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

/** `GET /_local/outbox`: mails and texts, oldest first (a text has `channel: 'sms'`). */
export const outbox = new Hono().get('/', async (c) => {
  const [mails, texts] = await Promise.all([readOutbox(), readTexts()]);
  const all: (OutboxMail | OutboxText)[] = [...mails, ...texts];
  return c.json(all.sort((a, b) => a.at.localeCompare(b.at)));
});
