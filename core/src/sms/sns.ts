import { createVerify } from 'node:crypto';
import * as z from 'zod';
import { config } from '../config';

/**
 * Customers' replies by text (issue 36, decision 120): End User Messaging
 * publishes each one to an SNS topic as JSON (`Message`); SNS delivers it to
 * the subscriber function (on AWS, a Lambda subscription) or, as an HTTP
 * notification, to `POST /api/texts/inbound` (the local stack's SMS stand-in
 * posts the same). Both end in `TextReply.receive` with an `Inbound`.
 * https://docs.aws.amazon.com/sms-voice/latest/userguide/two-way-sms-payload.html
 * https://docs.aws.amazon.com/sns/latest/dg/sns-verify-signature-of-message.html
 */

/** The payload End User Messaging publishes for one inbound text (the SNS `Message`). */
export const InboundPayload = z.object({
  originationNumber: z.string().max(20),
  destinationNumber: z.string().max(20),
  messageKeyword: z.string().max(64).optional(),
  messageBody: z.string().max(1600),
  inboundMessageId: z.string().min(1).max(100),
  previousPublishedMessageId: z.string().max(200).optional(),
});
export type InboundPayload = z.infer<typeof InboundPayload>;

/** SNS's HTTP notification (what the HTTP subscriber receives), as far as it is signed. */
export const SnsNotification = z.object({
  Type: z.enum(['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation']),
  MessageId: z.string().min(1).max(100),
  TopicArn: z.string().min(1).max(300),
  Subject: z.string().max(300).optional(),
  Message: z.string().max(10_000),
  Timestamp: z.iso.datetime({ offset: true }),
  SignatureVersion: z.enum(['1', '2']),
  Signature: z.string().min(1).max(2048),
  SigningCertURL: z.url().max(500),
  UnsubscribeURL: z.string().max(500).optional(),
  SubscribeURL: z.string().max(500).optional(),
  Token: z.string().max(500).optional(),
});
export type SnsNotification = z.infer<typeof SnsNotification>;

/** One text received: the payload, and when SNS published it (the order replies are kept in). */
export type Inbound = InboundPayload & { at: string };

/** The payload of a notification, or undefined when its Message is not one. */
export function inboundOf(message: string, timestamp: string): Inbound | undefined {
  if (Number.isNaN(Date.parse(timestamp))) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(message);
  } catch {
    return undefined;
  }
  const parsed = InboundPayload.safeParse(json);
  return parsed.success ? { ...parsed.data, at: new Date(timestamp).toISOString() } : undefined;
}

/** The fields SNS signs for each type, in order (the signature's string to sign). */
const signedFields: Record<SnsNotification['Type'], readonly (keyof SnsNotification)[]> = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  SubscriptionConfirmation: [
    'Message',
    'MessageId',
    'SubscribeURL',
    'Timestamp',
    'Token',
    'TopicArn',
    'Type',
  ],
  UnsubscribeConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
};

/** SNS's string to sign: each signed field present, as `name\nvalue\n`. */
export function stringToSign(notification: SnsNotification): string {
  return signedFields[notification.Type]
    .filter((name) => notification[name] !== undefined)
    .map((name) => `${name}\n${String(notification[name])}\n`)
    .join('');
}

/** SNS's certificate hosts (`sns.<region>.amazonaws.com`); locally also the SMS stand-in. */
export function trustedCertificateUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const cfg = config();
  if (cfg.mode === 'local' && url.startsWith(new URL('/_local/sns/', cfg.endpoints.sms).href)) return true;
  return (
    parsed.protocol === 'https:' &&
    /^sns\.[a-z0-9-]+\.amazonaws\.com$/.test(parsed.hostname) &&
    parsed.pathname.endsWith('.pem')
  );
}

const certificates = new Map<string, Promise<string>>();

/** The signing certificate (PEM), fetched once per URL and kept (a failed fetch is forgotten). */
function certificate(url: string): Promise<string> {
  let pending = certificates.get(url);
  if (!pending) {
    pending = fetch(url, { signal: AbortSignal.timeout(5000) }).then(async (response) => {
      if (!response.ok) throw new Error(`The signing certificate answered ${response.status}.`);
      return response.text();
    });
    pending.catch(() => certificates.delete(url));
    certificates.set(url, pending);
  }
  return pending;
}

export type Refusal = 'shape' | 'topic' | 'certificate' | 'signature';

/**
 * Whether `body` is a notification SNS signed, from the inbound topic: the
 * shape, the topic (config's `smsInboundTopicArn`), a certificate URL of
 * SNS's own hosts, and the RSA signature (SHA1 for version 1, SHA256 for 2)
 * over the string to sign. Never throws for bad input.
 */
export async function verifyNotification(
  body: unknown,
): Promise<{ ok: true; notification: SnsNotification } | { ok: false; reason: Refusal }> {
  const parsed = SnsNotification.safeParse(body);
  if (!parsed.success) return { ok: false, reason: 'shape' };
  const notification = parsed.data;
  const topic = config().smsInboundTopicArn;
  if (!topic || notification.TopicArn !== topic) return { ok: false, reason: 'topic' };
  if (!trustedCertificateUrl(notification.SigningCertURL)) return { ok: false, reason: 'certificate' };
  let pem: string;
  try {
    pem = await certificate(notification.SigningCertURL);
  } catch {
    return { ok: false, reason: 'certificate' };
  }
  try {
    const verifier = createVerify(notification.SignatureVersion === '1' ? 'RSA-SHA1' : 'RSA-SHA256');
    verifier.update(stringToSign(notification), 'utf8');
    if (verifier.verify(pem, notification.Signature, 'base64')) return { ok: true, notification };
  } catch {
    // An unreadable certificate or signature is a refusal, as a wrong one.
  }
  return { ok: false, reason: 'signature' };
}
