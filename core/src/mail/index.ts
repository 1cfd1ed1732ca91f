import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { config } from '../config';

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

  export async function send(message: Message): Promise<void> {
    const cfg = config();
    await ses().send(
      new SendEmailCommand({
        Source: cfg.mailFrom,
        Destination: { ToAddresses: Array.isArray(message.to) ? message.to : [message.to] },
        ReplyToAddresses: message.replyTo ? [message.replyTo] : undefined,
        Message: {
          Subject: { Data: message.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: message.text, Charset: 'UTF-8' },
            ...(message.html ? { Html: { Data: message.html, Charset: 'UTF-8' } } : {}),
          },
        },
      }),
    );
  }
}
