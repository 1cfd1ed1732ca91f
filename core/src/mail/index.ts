import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { config } from '../config';
import { wellFormed } from '../util/text';

/** Outgoing mail through SES (the local SES stand-in on the local stack). */
export namespace Mail {
  let client: SESClient | undefined;

  function ses(): SESClient {
    const cfg = config();
    client ??= new SESClient({
      region: cfg.region,
      ...(cfg.mode === 'local'
        ? { endpoint: cfg.endpoints.ses, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {}),
    });
    return client;
  }

  export type Message = {
    to: string | string[];
    subject: string;
    text: string;
    html?: string;
    replyTo?: string;
  };

  /**
   * Sends one mail. Every text is made well-formed first (a lone surrogate
   * becomes U+FFFD): the SDK's query serializer throws `URIError` on one, and
   * it keeps its half-written body in a buffer shared by the client, which
   * then prefixes the *next* request's body, so one bad mail broke the next
   * one too. The API refuses such text at the boundary; this is the second
   * line. After any failed send the client is dropped, so a client left in a
   * bad state is never used again.
   */
  export async function send(message: Message): Promise<void> {
    const cfg = config();
    const to = (Array.isArray(message.to) ? message.to : [message.to]).map(wellFormed);
    const command = new SendEmailCommand({
      Source: cfg.mailFrom,
      Destination: { ToAddresses: to },
      ReplyToAddresses: message.replyTo ? [wellFormed(message.replyTo)] : undefined,
      Message: {
        Subject: { Data: wellFormed(message.subject), Charset: 'UTF-8' },
        Body: {
          Text: { Data: wellFormed(message.text), Charset: 'UTF-8' },
          ...(message.html ? { Html: { Data: wellFormed(message.html), Charset: 'UTF-8' } } : {}),
        },
      },
    });
    const used = ses();
    try {
      await used.send(command);
    } catch (error) {
      if (client === used) client = undefined;
      used.destroy();
      throw error;
    }
  }
}
