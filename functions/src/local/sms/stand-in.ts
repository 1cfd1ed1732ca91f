import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { LOCAL_SMS_INBOUND_TOPIC_ARN, LOCAL_SMS_ORIGINATION_IDENTITY } from '@app/core/config';
import { OPT_IN_WORDS, OPT_OUT_WORDS } from '@app/core/sms/keywords';
import { stringToSign, type SnsNotification } from '@app/core/sms/sns';
import { type Context, Hono } from 'hono';
import { type RunningStandIn, serveStandIn } from '../serve-stand-in';

/**
 * The local AWS End User Messaging SMS (`pinpoint-sms-voice-v2`): the calls
 * the product makes, in that API's JSON protocol (`POST /`,
 * `Content-Type: application/x-amz-json-1.0`, `X-Amz-Target:
 * PinpointSMSVoiceV2.<Operation>`), so `@aws-sdk/client-pinpoint-sms-voice-v2`
 * runs unchanged against it.
 *
 * - `SendTextMessage` records the text and answers `{ MessageId }`; a
 *   destination on the opt-out list gets 400 `ConflictException` with
 *   `Reason: DESTINATION_PHONE_NUMBER_OPTED_OUT`, as the real service does
 *   after the number replied STOP.
 * - `DescribeOptedOutNumbers`, `PutOptedOutNumber`, `DeleteOptedOutNumber`:
 *   the one opt-out list (any list name is taken as it).
 *
 * Local only, beside the API (paths under `/_local/`):
 * - `GET /_local/messages`: the texts sent, oldest first;
 * - `POST /_local/reply { from, body, id?, at? }`: a text the number sends
 *   back. STOP (or STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT, OPTOUT, OPT-OUT,
 *   REVOKE) puts it on the opt-out list as an end user's opt-out; START,
 *   UNSTOP or YES takes it off. Every reply is answered with the SNS HTTP
 *   notification two-way SMS publishes for it (issue 36: End User
 *   Messaging's JSON in `Message`, the inbound topic, signed with SHA256withRSA
 *   by this stand-in's key, whose public half is `GET /_local/sns/cert.pem`),
 *   for the app to post to `POST /api/texts/inbound`; `id` and `at` set the
 *   inbound message id and the timestamp (a duplicate, or out of order);
 * - `POST /_local/failures { to, count }`: the next `count` sends to `to`
 *   fail with 500 `InternalServerException` (retry tests).
 *
 * A request without a signature gets 403; the signature is not checked.
 */
export type SentText = {
  messageId: string;
  to: string;
  from: string;
  body: string;
  messageType: string;
  at: string;
};

type OptedOut = { number: string; at: string; endUser: boolean };
type State = { messages: SentText[]; optedOut: Record<string, OptedOut> };

const E164 = /^\+?[1-9][0-9]{1,18}$/;
const STOP_WORDS: readonly string[] = OPT_OUT_WORDS;
const START_WORDS: readonly string[] = OPT_IN_WORDS;
const LIST_NAME = 'Default';
const LIST_ARN = `arn:aws:sms-voice:us-east-1:000000000000:opt-out-list/${LIST_NAME}`;
const MAX_BODY = 1600;

function load(file: string | null): State {
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as State;
  return { messages: [], optedOut: {} };
}

function awsError(c: Context, status: 400 | 403 | 404 | 500, type: string, body: Record<string, unknown>) {
  c.header('x-amzn-errortype', type);
  c.header('content-type', 'application/x-amz-json-1.0');
  return c.body(JSON.stringify({ __type: type, ...body }), status);
}

function reply(c: Context, body: unknown) {
  c.header('content-type', 'application/x-amz-json-1.0');
  return c.body(JSON.stringify(body), 200);
}

const invalid = (c: Context, field: string, message: string) =>
  awsError(c, 400, 'ValidationException', {
    Message: message,
    Reason: 'FIELD_VALIDATION_FAILED',
    Fields: [{ Name: field, Message: message }],
  });

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export function createSmsStandInApp(options: { stateFile: string | null }) {
  const state = load(options.stateFile);
  const failures = new Map<string, number>();
  const save = () => {
    if (!options.stateFile) return;
    const temporary = `${options.stateFile}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(state), { mode: 0o600 });
    renameSync(temporary, options.stateFile);
  };
  const optedOutInfo = (entry: OptedOut) => ({
    OptedOutNumber: entry.number,
    OptedOutTimestamp: epochSeconds(entry.at),
    EndUserOptedOut: entry.endUser,
  });

  const operations: Record<string, (c: Context, input: Record<string, unknown>) => Response> = {
    SendTextMessage(c, input) {
      const to = input.DestinationPhoneNumber;
      const body = input.MessageBody;
      if (typeof to !== 'string' || !E164.test(to)) {
        return invalid(c, 'DestinationPhoneNumber', 'DestinationPhoneNumber must be an E.164 number.');
      }
      if (typeof body !== 'string' || body.length === 0 || body.length > MAX_BODY) {
        return invalid(c, 'MessageBody', `MessageBody must be 1 to ${MAX_BODY} characters.`);
      }
      if (state.optedOut[to]) {
        return awsError(c, 400, 'ConflictException', {
          Message: 'The destination phone number is opted out.',
          Reason: 'DESTINATION_PHONE_NUMBER_OPTED_OUT',
          ResourceType: 'opt-out-list',
          ResourceId: LIST_NAME,
        });
      }
      const failing = failures.get(to) ?? 0;
      if (failing > 0) {
        failures.set(to, failing - 1);
        return awsError(c, 500, 'InternalServerException', {
          Message: 'Simulated failure (local stand-in).',
        });
      }
      const messageId = randomUUID();
      state.messages.push({
        messageId,
        to,
        from: typeof input.OriginationIdentity === 'string' ? input.OriginationIdentity : '',
        body,
        messageType: typeof input.MessageType === 'string' ? input.MessageType : 'TRANSACTIONAL',
        at: new Date().toISOString(),
      });
      save();
      return reply(c, { MessageId: messageId });
    },

    DescribeOptedOutNumbers(c, input) {
      if (typeof input.OptOutListName !== 'string')
        return invalid(c, 'OptOutListName', 'OptOutListName is required.');
      const wanted = Array.isArray(input.OptedOutNumbers) ? new Set(input.OptedOutNumbers as string[]) : null;
      const all = Object.values(state.optedOut)
        .filter((entry) => !wanted || wanted.has(entry.number))
        .sort((a, b) => a.at.localeCompare(b.at) || a.number.localeCompare(b.number));
      const start = typeof input.NextToken === 'string' ? Number(input.NextToken) || 0 : 0;
      const size = typeof input.MaxResults === 'number' ? Math.min(Math.max(input.MaxResults, 1), 100) : 100;
      const page = all.slice(start, start + size);
      return reply(c, {
        OptOutListArn: LIST_ARN,
        OptOutListName: LIST_NAME,
        OptedOutNumbers: page.map(optedOutInfo),
        ...(start + size < all.length ? { NextToken: String(start + size) } : {}),
      });
    },

    PutOptedOutNumber(c, input) {
      const number = input.OptedOutNumber;
      if (typeof number !== 'string' || !E164.test(number)) {
        return invalid(c, 'OptedOutNumber', 'OptedOutNumber must be an E.164 number.');
      }
      const entry = (state.optedOut[number] ??= { number, at: new Date().toISOString(), endUser: false });
      save();
      return reply(c, { OptOutListArn: LIST_ARN, OptOutListName: LIST_NAME, ...optedOutInfo(entry) });
    },

    DeleteOptedOutNumber(c, input) {
      const number = input.OptedOutNumber;
      const entry = typeof number === 'string' ? state.optedOut[number] : undefined;
      if (!entry) {
        return awsError(c, 404, 'ResourceNotFoundException', {
          Message: 'The opted out number does not exist.',
          ResourceType: 'opted-out-number',
          ResourceId: String(number),
        });
      }
      delete state.optedOut[entry.number];
      save();
      return reply(c, { OptOutListArn: LIST_ARN, OptOutListName: LIST_NAME, ...optedOutInfo(entry) });
    },
  };

  const app = new Hono();

  app.get('/_local/messages', (c) => c.json({ messages: state.messages }));

  // The inbound topic's signing key (issue 36): made at each start; the app fetches the public half.
  const signing = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const certificate = signing.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  app.get('/_local/sns/cert.pem', (c) => c.text(certificate));

  /** The SNS HTTP notification of one inbound text, signed (SignatureVersion 2). */
  const notificationOf = (
    c: Context,
    input: { from: string; body: string; id?: string; at?: string },
  ): SnsNotification => {
    const unsigned = {
      Type: 'Notification' as const,
      MessageId: randomUUID(),
      TopicArn: LOCAL_SMS_INBOUND_TOPIC_ARN,
      Message: JSON.stringify({
        originationNumber: input.from,
        destinationNumber: LOCAL_SMS_ORIGINATION_IDENTITY,
        messageKeyword: 'KEYWORD_000000000000',
        messageBody: input.body,
        inboundMessageId: input.id ?? randomUUID(),
        previousPublishedMessageId: state.messages.findLast((m) => m.to === input.from)?.messageId,
      }),
      Timestamp: input.at ?? new Date().toISOString(),
      SignatureVersion: '2' as const,
      SigningCertURL: new URL('/_local/sns/cert.pem', c.req.url).href,
      UnsubscribeURL: new URL('/_local/sns/unsubscribe', c.req.url).href,
    };
    const signature = createSign('RSA-SHA256')
      .update(stringToSign({ ...unsigned, Signature: 'x' }), 'utf8')
      .sign(signing.privateKey, 'base64');
    return { ...unsigned, Signature: signature };
  };

  app.post('/_local/reply', async (c) => {
    const input = (await c.req.json().catch(() => ({}))) as {
      from?: unknown;
      body?: unknown;
      id?: unknown;
      at?: unknown;
    };
    if (
      typeof input.from !== 'string' ||
      !E164.test(input.from) ||
      typeof input.body !== 'string' ||
      (input.id !== undefined && typeof input.id !== 'string') ||
      (input.at !== undefined && (typeof input.at !== 'string' || Number.isNaN(Date.parse(input.at))))
    ) {
      return c.json({ message: 'Send { from: an E.164 number, body: the text, id?, at? }.' }, 400);
    }
    const word = input.body.trim().toUpperCase();
    if (STOP_WORDS.includes(word)) {
      state.optedOut[input.from] = { number: input.from, at: new Date().toISOString(), endUser: true };
    } else if (START_WORDS.includes(word)) {
      delete state.optedOut[input.from];
    }
    save();
    const notification = notificationOf(c, {
      from: input.from,
      body: input.body,
      ...(typeof input.id === 'string' ? { id: input.id } : {}),
      ...(typeof input.at === 'string' ? { at: new Date(input.at).toISOString() } : {}),
    });
    return c.json({ optedOut: Boolean(state.optedOut[input.from]), notification });
  });

  app.post('/_local/failures', async (c) => {
    const input = (await c.req.json().catch(() => ({}))) as { to?: unknown; count?: unknown };
    if (typeof input.to !== 'string' || typeof input.count !== 'number') {
      return c.json({ message: 'Send { to, count }.' }, 400);
    }
    failures.set(input.to, input.count);
    return c.json({ to: input.to, count: input.count });
  });

  app.post('/', async (c) => {
    if (!c.req.header('authorization')) {
      return awsError(c, 403, 'AccessDeniedException', { Message: 'Missing Authentication Token' });
    }
    const target = c.req.header('x-amz-target') ?? '';
    const [service, name] = target.split('.');
    const operation = service === 'PinpointSMSVoiceV2' && name ? operations[name] : undefined;
    if (!operation) {
      return awsError(c, 400, 'UnknownOperationException', { Message: `Unknown operation ${target}` });
    }
    let input: unknown;
    try {
      input = JSON.parse(await c.req.text());
    } catch {
      return awsError(c, 400, 'SerializationException', { Message: 'The request body is not JSON.' });
    }
    if (!input || typeof input !== 'object' || Array.isArray(input)) {
      return awsError(c, 400, 'SerializationException', {
        Message: 'The request body is not a JSON object.',
      });
    }
    return operation(c, input as Record<string, unknown>);
  });

  app.notFound((c) => awsError(c, 404, 'UnknownOperationException', { Message: 'Not found' }));
  return app;
}

/** Starts the stand-in; resolves once it listens. Its URL is SMS_ENDPOINT. */
export async function startSmsStandIn(options: {
  host: string;
  port: number;
  /** Where texts and the opt-out list are kept across restarts; null: in memory. */
  stateFile: string | null;
}): Promise<RunningStandIn> {
  if (options.stateFile) mkdirSync(dirname(options.stateFile), { recursive: true });
  const app = createSmsStandInApp({ stateFile: options.stateFile });
  return serveStandIn(app, options);
}
