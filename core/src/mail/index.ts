import type { SESClient } from '@aws-sdk/client-ses';
import { config } from '../config';
import { awsClientOptions, droppedOnFailure, onFirstUse } from '../util/aws';
import { wellFormed } from '../util/text';
import { buildMimeMessage } from './mime';

type SesSdk = typeof import('@aws-sdk/client-ses');

/**
 * Outgoing mail through SES (the local SES stand-in on the local stack). The
 * SES SDK is loaded on first send: the reads that most requests are never
 * mail, so on AWS it is a chunk of its own (functions/src/lambda/bundle.ts).
 */
export namespace Mail {
  const sdk = onFirstUse(() => import('@aws-sdk/client-ses'));
  const withClient = droppedOnFailure(({ SESClient }: SesSdk) => new SESClient(awsClientOptions('ses')));

  /**
   * A file sent with a mail: text (a calendar file, for one), sent as UTF-8,
   * or with `encoding: 'base64'` the base64 of its bytes (a PDF).
   */
  export type Attachment = { filename: string; contentType: string; content: string; encoding?: 'base64' };

  export type Message = {
    to: string | string[];
    subject: string;
    text: string;
    html?: string;
    replyTo?: string;
    /** With attachments the mail goes out as `SendRawEmail` with a MIME message built by ./mime.ts. */
    attachments?: Attachment[];
    /**
     * More header fields (e.g. List-Unsubscribe and List-Unsubscribe-Post, RFC 8058): printable
     * ASCII. A mail with headers goes out as `SendRawEmail` too (SendEmail cannot carry them).
     */
    headers?: Record<string, string>;
  };

  /** The SES call for the message, built (and checked) before any client is touched. */
  function prepare(
    message: Message,
    { SendEmailCommand, SendRawEmailCommand }: SesSdk,
  ): (client: SESClient) => Promise<unknown> {
    const cfg = config();
    const to = (Array.isArray(message.to) ? message.to : [message.to]).map(wellFormed);
    const replyTo = message.replyTo ? wellFormed(message.replyTo) : undefined;
    const headers = message.headers && Object.keys(message.headers).length > 0 ? message.headers : undefined;
    if ((message.attachments && message.attachments.length > 0) || headers) {
      const raw = buildMimeMessage({
        from: cfg.mailFrom,
        to,
        replyTo,
        subject: wellFormed(message.subject),
        text: wellFormed(message.text),
        html: message.html ? wellFormed(message.html) : undefined,
        headers,
        attachments: (message.attachments ?? []).map((a) => ({
          filename: wellFormed(a.filename),
          contentType: wellFormed(a.contentType),
          content: wellFormed(a.content),
          ...(a.encoding ? { encoding: a.encoding } : {}),
        })),
      });
      // Source and destinations come from the message's own From and To headers.
      const command = new SendRawEmailCommand({ RawMessage: { Data: new TextEncoder().encode(raw) } });
      return (client) => client.send(command);
    }
    const command = new SendEmailCommand({
      Source: cfg.mailFrom,
      Destination: { ToAddresses: to },
      ReplyToAddresses: replyTo ? [replyTo] : undefined,
      Message: {
        Subject: { Data: wellFormed(message.subject), Charset: 'UTF-8' },
        Body: {
          Text: { Data: wellFormed(message.text), Charset: 'UTF-8' },
          ...(message.html ? { Html: { Data: wellFormed(message.html), Charset: 'UTF-8' } } : {}),
        },
      },
    });
    return (client) => client.send(command);
  }

  /**
   * Sends one mail: `SendEmail`, or `SendRawEmail` when it has attachments.
   * Every text is made well-formed first (a lone surrogate
   * becomes U+FFFD): the SDK's query serializer throws `URIError` on one, and
   * it keeps its half-written body in a buffer shared by the client, which
   * then prefixes the *next* request's body, so one bad mail broke the next
   * one too. The API refuses such text at the boundary; this is the second
   * line. After any failed send the client is dropped, so a client left in a
   * bad state is never used again.
   */
  export async function send(message: Message): Promise<void> {
    const loaded = await sdk();
    const sendWith = prepare(message, loaded);
    await withClient(loaded, sendWith);
  }
}
