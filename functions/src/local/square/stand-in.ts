import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { localSquareDefaults } from '@app/core/config';
import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type CheckoutState, mountCheckout, type WebhookOptions } from './checkout';
import { createRefund, type StandInRefund } from './refunds';
import {
  type CardForm,
  type CardTemplate,
  cardStatus,
  chargeDeclined,
  chargeFields,
  knownTokens,
  type Outcome,
  tokenize,
} from './test-cards';
import { type RunningStandIn, serveStandIn } from '../serve-stand-in';

/**
 * The local Square: the part of Square's REST API the shop calls
 * (POST /v2/customers, /v2/cards, /v2/cards/{id}/disable, /v2/payments,
 * /v2/refunds: ./refunds.ts), in
 * Square's JSON (snake_case), with its error shape
 * `{ errors: [{ category, code, detail, field }] }`, its statuses, a Bearer
 * token, and idempotency: the same key with the same body gets the first
 * reply again; the same key with another body is 400 IDEMPOTENCY_KEY_REUSED.
 * Card outcomes follow Square's sandbox test values (./test-cards.ts).
 *
 * Beside it, routes that exist only here, under /_stand-in/:
 * - POST /_stand-in/card-nonces: the test card form's tokenization (the Web
 *   Payments SDK's job on Square): card number, expiry, CVV, postal code → a
 *   one-time payment token;
 * - GET /_stand-in/payments, /_stand-in/refunds and /_stand-in/cards: what was charged, refunded and saved,
 *   for tests (as the SES stand-in's /store).
 *
 * The Checkout API (payment links), its hosted checkout page and the
 * `payment.updated` webhook it sends live in ./checkout.ts.
 *
 * State is kept in memory and, with a state file, written after every change,
 * so a saved card survives a restart of `npm start`.
 */

type Customer = {
  id: string;
  given_name?: string;
  family_name?: string;
  email_address?: string;
  reference_id?: string;
  created_at: string;
  updated_at: string;
  creation_source: 'THIRD_PARTY';
  preferences: { email_unsubscribed: boolean };
  version: number;
};

type Card = {
  id: string;
  card_brand: string;
  last_4: string;
  exp_month: number;
  exp_year: number;
  cardholder_name?: string;
  billing_address: { postal_code: string };
  fingerprint: string;
  customer_id: string;
  merchant_id: string;
  reference_id?: string;
  enabled: boolean;
  card_type: 'CREDIT';
  prepaid_type: 'NOT_PREPAID';
  bin: string;
  created_at: string;
  version: number;
  /** Stand-in only, never sent: this card declines charges. */
  declinesCharges: boolean;
};

type Payment = Record<string, unknown> & { id: string; status: string };

type Reply = { status: number; body: unknown };

type State = CheckoutState & {
  customers: Record<string, Customer>;
  cards: Record<string, Card>;
  payments: Payment[];
  refunds: StandInRefund[];
  /** Tokens made by the test form; removed when used (a token is good once). */
  tokens: Record<string, CardTemplate>;
  /** `<path> <key>` → the request body (canonical JSON) and the reply sent. */
  idempotency: Record<string, { request: string; reply: Reply }>;
};

const emptyState = (): State => ({
  customers: {},
  cards: {},
  payments: [],
  refunds: [],
  tokens: {},
  idempotency: {},
  paymentLinks: {},
  orders: {},
  webhookEvents: [],
});

const MERCHANT_ID = 'LOCALMERCHANT01';

/** Square's ids are upper-case base32-like strings. */
const squareId = (length = 26) =>
  Array.from(randomBytes(length), (byte) => '0123456789ABCDEFGHJKMNPQRSTVWXYZ'[byte % 32]).join('');

const error = (category: string, code: string, detail: string, field?: string) => ({
  category,
  code,
  detail,
  ...(field ? { field } : {}),
});

const invalid = (code: string, detail: string, field?: string): Reply => ({
  status: 400,
  body: { errors: [error('INVALID_REQUEST_ERROR', code, detail, field)] },
});

const notFound = (detail: string, field?: string): Reply => ({
  status: 404,
  body: { errors: [error('INVALID_REQUEST_ERROR', 'NOT_FOUND', detail, field)] },
});

/** Square's card errors (PAYMENT_METHOD_ERROR) answer 402 here; the app's client reads the category, not the status. */
const declinedReply = (outcome: Extract<Outcome, { kind: 'declined' }>, payment?: Payment): Reply => ({
  status: 402,
  body: {
    errors: [error('PAYMENT_METHOD_ERROR', outcome.code, outcome.detail)],
    ...(payment ? { payment } : {}),
  },
});

const serverError: Reply = {
  status: 500,
  body: { errors: [error('API_ERROR', 'INTERNAL_SERVER_ERROR', 'An internal error has occurred.')] },
};

/** JSON with its object keys sorted, so two equal bodies compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export type SquareStandInOptions = {
  host: string;
  port: number;
  /** Where to keep the state between runs; null keeps it in memory only. */
  stateFile: string | null;
  /** The access token it accepts (the local config's default). */
  accessToken?: string;
  /** The one location it has (the local config's default). */
  locationId?: string;
  /** Where its webhooks go and the key they are signed with (decision 070); none: no webhooks. */
  webhook?: WebhookOptions;
};

export function createSquareStandInApp(options: Omit<SquareStandInOptions, 'host' | 'port'>) {
  const accessToken = options.accessToken ?? localSquareDefaults.accessToken;
  const locationId = options.locationId ?? localSquareDefaults.locationId;
  const state = load(options.stateFile);
  const save = () => {
    if (!options.stateFile) return;
    const temporary = `${options.stateFile}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(state), { mode: 0o600 });
    renameSync(temporary, options.stateFile);
  };

  /** The card a `source_id` stands for: a token of the test form (used once), or one of Square's test tokens. */
  function resolveToken(sourceId: string): CardTemplate | 'used' | undefined {
    const minted = state.tokens[sourceId];
    if (minted) {
      delete state.tokens[sourceId];
      return minted;
    }
    if (sourceId.startsWith('cnon:standin-')) return 'used';
    return knownTokens[sourceId]?.();
  }

  /** The card a `source_id` stands for, or Square's refusal of a token already used or not known. */
  function redeemToken(sourceId: string): { card: CardTemplate } | { refused: Reply } {
    const source = resolveToken(sourceId);
    if (source === 'used' || source?.outcome.kind === 'token-used') {
      return { refused: invalid('CARD_TOKEN_USED', 'Card token already used.', 'source_id') };
    }
    if (!source) {
      const detail = 'Card nonce not found in this `sandbox` application environment.';
      return { refused: invalid('NOT_FOUND', detail, 'source_id') };
    }
    return { card: source };
  }

  function createCustomer(body: Record<string, unknown>): Reply {
    const now = new Date().toISOString();
    const customer: Customer = {
      id: squareId(),
      given_name: text(body.given_name),
      family_name: text(body.family_name),
      email_address: text(body.email_address),
      reference_id: text(body.reference_id),
      created_at: now,
      updated_at: now,
      creation_source: 'THIRD_PARTY',
      preferences: { email_unsubscribed: false },
      version: 0,
    };
    state.customers[customer.id] = customer;
    return { status: 200, body: { customer } };
  }

  function publicCard(card: Card) {
    const { declinesCharges: _hidden, ...visible } = card;
    return visible;
  }

  function createCard(body: Record<string, unknown>): Reply {
    const sourceId = text(body.source_id);
    if (!sourceId) return invalid('MISSING_REQUIRED_PARAMETER', 'Field must be set', 'source_id');
    const details = isRecord(body.card) ? body.card : undefined;
    const customerId = text(details?.customer_id);
    if (!customerId) return invalid('MISSING_REQUIRED_PARAMETER', 'Field must be set', 'card.customer_id');
    if (!state.customers[customerId])
      return notFound(`Customer ${customerId} not found.`, 'card.customer_id');
    const redeemed = redeemToken(sourceId);
    if ('refused' in redeemed) return redeemed.refused;
    const source = redeemed.card;
    if (source.outcome.kind === 'server-error') return serverError;
    if (source.outcome.kind === 'declined') return declinedReply(source.outcome);
    const card: Card = {
      id: `ccof:${randomBytes(12).toString('base64url')}`,
      card_brand: source.brand,
      last_4: source.last4,
      exp_month: source.expMonth,
      exp_year: source.expYear,
      cardholder_name: text(details?.cardholder_name),
      billing_address: { postal_code: source.postalCode },
      fingerprint: `sq-1-${randomBytes(24).toString('base64url')}`,
      customer_id: customerId,
      merchant_id: MERCHANT_ID,
      reference_id: text(details?.reference_id),
      enabled: true,
      card_type: 'CREDIT',
      prepaid_type: 'NOT_PREPAID',
      bin: source.bin,
      created_at: new Date().toISOString(),
      version: 1,
      declinesCharges: source.declinesCharges,
    };
    state.cards[card.id] = card;
    return { status: 200, body: { card: publicCard(card) } };
  }

  function disableCard(cardId: string): Reply {
    const card = state.cards[cardId];
    if (!card) return notFound(`Card with id ${cardId} not found.`);
    card.enabled = false;
    card.version += 1;
    return { status: 200, body: { card: publicCard(card) } };
  }

  /** Square's `tip_money` (issue 35): absent is 0; a whole, non-negative number of US cents, or why not. */
  function tipOf(money: unknown): number | string {
    if (money === undefined) return 0;
    if (
      !isRecord(money) ||
      typeof money.amount !== 'number' ||
      !Number.isInteger(money.amount) ||
      money.amount < 0
    ) {
      return 'tip_money.amount must be a non-negative whole number of cents.';
    }
    if (money.currency !== 'USD') return 'This merchant can only process payments in USD.';
    return money.amount;
  }

  function createPayment(body: Record<string, unknown>): Reply {
    const sourceId = text(body.source_id);
    if (!sourceId) return invalid('MISSING_REQUIRED_PARAMETER', 'Field must be set', 'source_id');
    const money = isRecord(body.amount_money) ? body.amount_money : undefined;
    const amount = money?.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount)) {
      return invalid('MISSING_REQUIRED_PARAMETER', 'Field must be set', 'amount_money.amount');
    }
    if (amount < 1) return invalid('INVALID_VALUE', 'Amount must be greater than 0.', 'amount_money.amount');
    if (money?.currency !== 'USD') {
      return invalid(
        'INVALID_CURRENCY',
        'This merchant can only process payments in USD.',
        'amount_money.currency',
      );
    }
    const tip = tipOf(body.tip_money);
    if (typeof tip === 'string') return invalid('INVALID_VALUE', tip, 'tip_money.amount');
    const location = text(body.location_id) ?? locationId;
    if (location !== locationId) return notFound(`Location ${location} not found.`, 'location_id');
    const customerId = text(body.customer_id);

    let card: Pick<Card, 'card_brand' | 'last_4' | 'exp_month' | 'exp_year' | 'bin' | 'fingerprint'>;
    let outcome: Outcome;
    if (sourceId.startsWith('ccof:')) {
      const saved = state.cards[sourceId];
      if (!saved) return notFound(`Card with id ${sourceId} not found.`, 'source_id');
      if (!customerId) {
        return invalid(
          'MISSING_REQUIRED_PARAMETER',
          'customer_id is required with a card on file.',
          'customer_id',
        );
      }
      if (saved.customer_id !== customerId) {
        return invalid('INVALID_VALUE', 'The card does not belong to this customer.', 'customer_id');
      }
      if (!saved.enabled) return invalid('INVALID_CARD', 'The card is disabled.', 'source_id');
      card = saved;
      outcome = saved.declinesCharges ? chargeDeclined : { kind: 'ok' };
    } else {
      const redeemed = redeemToken(sourceId);
      if ('refused' in redeemed) return redeemed.refused;
      const source = redeemed.card;
      card = {
        card_brand: source.brand,
        last_4: source.last4,
        exp_month: source.expMonth,
        exp_year: source.expYear,
        bin: source.bin,
        fingerprint: `sq-1-${randomBytes(24).toString('base64url')}`,
      };
      outcome = source.declinesCharges ? chargeDeclined : source.outcome;
    }
    if (outcome.kind === 'server-error') return serverError;

    const now = new Date().toISOString();
    const paid = outcome.kind === 'ok';
    const payment: Payment = {
      id: squareId(29),
      ...chargeFields(amount, paid, now, tip),
      card_details: {
        status: cardStatus(paid),
        card: {
          card_brand: card.card_brand,
          last_4: card.last_4,
          exp_month: card.exp_month,
          exp_year: card.exp_year,
          fingerprint: card.fingerprint,
          card_type: 'CREDIT',
          prepaid_type: 'NOT_PREPAID',
          bin: card.bin,
        },
        entry_method: sourceId.startsWith('ccof:') ? 'ON_FILE' : 'KEYED',
        cvv_status: 'CVV_ACCEPTED',
        avs_status: 'AVS_ACCEPTED',
      },
      location_id: locationId,
      ...(customerId ? { customer_id: customerId } : {}),
      ...(text(body.note) ? { note: text(body.note) } : {}),
      ...(text(body.reference_id) ? { reference_id: text(body.reference_id) } : {}),
      receipt_number: squareId(4),
      application_details: { square_product: 'ECOMMERCE_API', application_id: localSquareDefaults.appId },
      version_token: randomBytes(16).toString('base64url'),
    };
    state.payments.push(payment);
    if (outcome.kind === 'declined') return declinedReply(outcome, payment);
    return { status: 200, body: { payment } };
  }

  /** Runs a create with Square's idempotency rules; 5xx replies are not kept (a retry may succeed). */
  async function idempotent(c: Context, create: (body: Record<string, unknown>) => Reply) {
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return send(c, invalid('BAD_REQUEST', 'The request body is not valid JSON.'));
    }
    if (!isRecord(body)) return send(c, invalid('BAD_REQUEST', 'The request body must be a JSON object.'));
    const key = text(body.idempotency_key);
    if (!key) return send(c, invalid('MISSING_REQUIRED_PARAMETER', 'Field must be set', 'idempotency_key'));
    if (key.length > 45) {
      return send(
        c,
        invalid('VALUE_TOO_LONG', 'Field must not be greater than 45 length', 'idempotency_key'),
      );
    }
    const scope = `${c.req.path} ${key}`;
    const request = canonical(body);
    const earlier = state.idempotency[scope];
    if (earlier) {
      if (earlier.request !== request) {
        return send(
          c,
          invalid(
            'IDEMPOTENCY_KEY_REUSED',
            'The idempotency key can only be retried with the same request data.',
            'idempotency_key',
          ),
        );
      }
      return send(c, earlier.reply);
    }
    const reply = create(body);
    if (reply.status < 500) state.idempotency[scope] = { request, reply };
    save();
    return send(c, reply);
  }

  const send = (c: Context, reply: Reply) =>
    c.json(reply.body as object, reply.status as ContentfulStatusCode);

  const app = new Hono();

  app.use('/v2/*', async (c, next) => {
    const bearer = /^Bearer\s+(\S+)$/.exec(c.req.header('authorization') ?? '');
    if (!bearer || bearer[1] !== accessToken) {
      return c.json(
        {
          errors: [error('AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'This request could not be authorized.')],
        },
        401,
      );
    }
    await next();
  });

  app.post('/v2/customers', (c) => idempotent(c, createCustomer));
  app.post('/v2/cards', (c) => idempotent(c, createCard));
  app.post('/v2/cards/:cardId/disable', (c) => {
    const reply = disableCard(c.req.param('cardId'));
    save();
    return send(c, reply);
  });
  app.post('/v2/payments', (c) => idempotent(c, createPayment));
  app.post('/v2/refunds', (c) => idempotent(c, (body) => createRefund(body, state)));

  app.post('/_stand-in/card-nonces', async (c) => {
    const form = (await c.req.json().catch(() => null)) as Partial<CardForm> | null;
    if (!isRecord(form))
      return c.json({ errors: [{ field: 'cardNumber', message: 'Card details are required.' }] }, 400);
    const result = tokenize({
      number: String(form.number ?? ''),
      expiry: String(form.expiry ?? ''),
      cvv: String(form.cvv ?? ''),
      postalCode: String(form.postalCode ?? ''),
    });
    if ('errors' in result) return c.json({ errors: result.errors }, 400);
    const token = `cnon:standin-${randomUUID()}`;
    state.tokens[token] = result.card;
    save();
    return c.json({
      token,
      details: {
        card: {
          brand: result.card.brand,
          last4: result.card.last4,
          expMonth: result.card.expMonth,
          expYear: result.card.expYear,
        },
      },
    });
  });
  mountCheckout(app, {
    state,
    save,
    locationId,
    merchantId: MERCHANT_ID,
    appId: localSquareDefaults.appId,
    webhook: options.webhook,
    squareId,
    invalid,
    idempotent,
  });
  app.get('/_stand-in/payments', (c) => c.json({ payments: state.payments }));
  app.get('/_stand-in/refunds', (c) => c.json({ refunds: state.refunds }));
  app.get('/_stand-in/cards', (c) => c.json({ cards: Object.values(state.cards).map(publicCard) }));

  app.notFound((c) => c.json({ errors: [error('INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Not found.')] }, 404));

  return app;
}

function load(file: string | null): State {
  if (!file || !existsSync(file)) return emptyState();
  try {
    return { ...emptyState(), ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<State>) };
  } catch {
    // A torn or foreign file: start afresh rather than refuse to start (cards saved before are then unknown).
    return emptyState();
  }
}

/** Starts the stand-in; resolves once it listens. */
export async function startSquareStandIn(options: SquareStandInOptions): Promise<RunningStandIn> {
  if (options.stateFile) mkdirSync(dirname(options.stateFile), { recursive: true });
  const app = createSquareStandInApp(options);
  return serveStandIn(app, options);
}
