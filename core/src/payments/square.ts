import * as z from 'zod';

/**
 * A small client for the calls of Square's REST API that the shop makes:
 * create a customer, save a card on file, disable a card, take a payment,
 * create a payment link (Checkout API, decision 070)
 * (docs/decisions/020-square-client.md says why not the official SDK). Plain
 * `fetch`, Square's JSON (snake_case), zod on every reply. Every create carries
 * the caller's idempotency key: Square answers a retry with the same key and
 * body with the first reply, so a retry never makes a second customer, card or
 * payment.
 *
 * Every failure is a `SquareError` that says what kind it is:
 *   declined: the card was refused (category PAYMENT_METHOD_ERROR);
 *   rejected: the payment token itself is unusable (used, expired, malformed);
 *   provider: anything else: Square unreachable, slow, a 5xx, a bad access
 *             token, a reply we cannot read, or a request Square found invalid.
 */

/** The API version this client is written against (sent as `Square-Version`). */
export const SQUARE_VERSION = '2026-09-16';

/** Per call; the API Lambda has 20 s, and saving a card makes up to three calls. */
export const TIMEOUT_MS = 8000;

/** One entry of Square's error reply `{ errors: [...] }`. */
const ApiError = z.object({
  category: z.string(),
  code: z.string(),
  detail: z.string().optional(),
  field: z.string().optional(),
});
export type SquareApiError = z.infer<typeof ApiError>;

const ErrorReply = z.object({
  errors: z.array(ApiError).min(1),
  /** CreatePayment sends the FAILED payment beside the errors of a decline. */
  payment: z.object({ id: z.string() }).optional(),
});

const Customer = z.object({ id: z.string().min(1) });

const Card = z.object({
  id: z.string().min(1),
  card_brand: z.string().optional(),
  last_4: z.string().optional(),
  exp_month: z.number().int().optional(),
  exp_year: z.number().int().optional(),
  customer_id: z.string().optional(),
  enabled: z.boolean().optional(),
});
export type SquareCard = z.infer<typeof Card>;

const Money = z.object({ amount: z.number().int(), currency: z.string() });

const Payment = z.object({
  id: z.string().min(1),
  /** APPROVED, PENDING, COMPLETED, CANCELED or FAILED. */
  status: z.string(),
  amount_money: Money.optional(),
  /** The tip, apart from the amount (a card on file's charge, or a checkout page's buyer). */
  tip_money: Money.optional(),
  customer_id: z.string().optional(),
  card_details: z.object({ card: Card.partial().optional(), status: z.string().optional() }).optional(),
});
export type SquarePayment = z.infer<typeof Payment>;

const Refund = z.object({
  id: z.string().min(1),
  /** PENDING, COMPLETED, REJECTED or FAILED. */
  status: z.string(),
  amount_money: Money.optional(),
  payment_id: z.string().optional(),
});
export type SquareRefund = z.infer<typeof Refund>;

/** A payment link (Checkout API): where the customer pays, and the order Square made for it. */
const PaymentLink = z.object({
  id: z.string().min(1),
  url: z.string().url(),
  order_id: z.string().min(1),
  version: z.number().int().optional(),
  created_at: z.string().optional(),
});
export type SquarePaymentLink = z.infer<typeof PaymentLink>;

/** One line of a payment link's order: quantity is Square's decimal string, the price per unit in cents. */
export type OrderLine = { name: string; quantity: string; unitCents: number; note?: string };

export type SquareFailure = 'declined' | 'rejected' | 'provider';

/** Codes of INVALID_REQUEST_ERROR that are about the card token a person sent, not about our request. */
const sourceCodes = new Set([
  'CARD_TOKEN_USED',
  'CARD_TOKEN_EXPIRED',
  'INVALID_CARD',
  'INVALID_CARD_DATA',
  'INVALID_EXPIRATION',
  'BAD_EXPIRATION',
  'UNSUPPORTED_CARD_BRAND',
  'INVALID_ENCRYPTED_CARD',
]);

/**
 * What kind of failure a reply is (status 0: no reply at all). A decline is
 * Square's PAYMENT_METHOD_ERROR whatever the status (it uses 400 and 402);
 * an unusable token is an INVALID_REQUEST_ERROR about `source_id`.
 */
export function classify(status: number, errors: readonly SquareApiError[]): SquareFailure {
  if (errors.some((error) => error.category === 'PAYMENT_METHOD_ERROR')) return 'declined';
  const aboutSource = errors.some(
    (error) =>
      error.category === 'INVALID_REQUEST_ERROR' &&
      (sourceCodes.has(error.code) || error.field === 'source_id'),
  );
  if (aboutSource && (status === 400 || status === 404)) return 'rejected';
  return 'provider';
}

export class SquareError extends Error {
  override readonly name = 'SquareError';
  constructor(
    readonly failure: SquareFailure,
    /** The HTTP status; 0 when no reply came. */
    readonly status: number,
    readonly errors: readonly SquareApiError[],
    /** The id of the failed payment, when Square made one (a declined CreatePayment). */
    readonly paymentId: string | null = null,
    message = describe(status, errors),
  ) {
    super(message);
  }

  /** The first error's code (CARD_DECLINED, UNAUTHORIZED ...), or a code of our own for no reply. */
  get code(): string {
    return this.errors[0]?.code ?? (this.status === 0 ? 'NO_RESPONSE' : `HTTP_${this.status}`);
  }
}

function describe(status: number, errors: readonly SquareApiError[]): string {
  const first = errors[0];
  if (!first) return status === 0 ? 'Square did not answer.' : `Square answered ${status}.`;
  return `Square answered ${status}: ${first.code}${first.detail ? ` (${first.detail})` : ''}`;
}

export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export type SquareClientOptions = {
  baseUrl: string;
  accessToken: string;
  fetch?: Fetch;
  timeoutMs?: number;
};

export type Money = { amountCents: number; currency: 'USD' };

export function createSquareClient(options: SquareClientOptions) {
  const doFetch: Fetch = options.fetch ?? ((url, init) => fetch(url, init));
  const base = options.baseUrl.replace(/\/+$/, '');

  async function call<T>(path: string, body: unknown, schema: z.ZodType<T>, key: string): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${options.accessToken}`,
          'Square-Version': SQUARE_VERSION,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
      });
    } catch (error) {
      throw new SquareError('provider', 0, [], null, `Square could not be reached: ${String(error)}`);
    }
    const text = await response.text().catch(() => '');
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      const reply = ErrorReply.safeParse(json);
      if (!reply.success) {
        throw new SquareError('provider', response.status, [], null, `Square answered ${response.status}.`);
      }
      const { errors, payment } = reply.data;
      throw new SquareError(classify(response.status, errors), response.status, errors, payment?.id ?? null);
    }
    const parsed = z.object({ [key]: schema }).safeParse(json);
    if (!parsed.success) {
      throw new SquareError(
        'provider',
        response.status,
        [],
        null,
        `Square's reply to ${path} has no readable ${key}.`,
      );
    }
    return parsed.data[key] as T;
  }

  return {
    /** POST /v2/customers */
    createCustomer(input: {
      idempotencyKey: string;
      givenName: string;
      familyName: string;
      emailAddress: string;
      referenceId: string;
    }) {
      return call(
        '/v2/customers',
        {
          idempotency_key: input.idempotencyKey,
          given_name: input.givenName,
          family_name: input.familyName,
          email_address: input.emailAddress,
          reference_id: input.referenceId,
        },
        Customer,
        'customer',
      );
    },

    /** POST /v2/cards: saves the card behind a payment token on a customer. */
    createCard(input: {
      idempotencyKey: string;
      sourceId: string;
      customerId: string;
      cardholderName?: string;
      referenceId?: string;
    }) {
      return call(
        '/v2/cards',
        {
          idempotency_key: input.idempotencyKey,
          source_id: input.sourceId,
          card: {
            customer_id: input.customerId,
            ...(input.cardholderName ? { cardholder_name: input.cardholderName } : {}),
            ...(input.referenceId ? { reference_id: input.referenceId } : {}),
          },
        },
        Card,
        'card',
      );
    },

    /** POST /v2/cards/{card_id}/disable: the card can no longer be charged. Disabling twice is fine. */
    disableCard(cardId: string) {
      return call(`/v2/cards/${encodeURIComponent(cardId)}/disable`, undefined, Card, 'card');
    },

    /** POST /v2/payments: charges a card on file (`sourceId` = the card id) at once (`autocomplete`). */
    createPayment(input: {
      idempotencyKey: string;
      sourceId: string;
      customerId: string;
      locationId: string;
      amount: Money;
      /** The customer's tip, apart from the amount (Square's `tip_money`). */
      tip?: Money;
      note?: string;
      referenceId?: string;
    }) {
      return call(
        '/v2/payments',
        {
          idempotency_key: input.idempotencyKey,
          source_id: input.sourceId,
          customer_id: input.customerId,
          location_id: input.locationId,
          amount_money: { amount: input.amount.amountCents, currency: input.amount.currency },
          ...(input.tip
            ? { tip_money: { amount: input.tip.amountCents, currency: input.tip.currency } }
            : {}),
          autocomplete: true,
          ...(input.note ? { note: input.note } : {}),
          ...(input.referenceId ? { reference_id: input.referenceId } : {}),
        },
        Payment,
        'payment',
      );
    },

    /** POST /v2/refunds: gives back all or part of a completed payment. */
    refundPayment(input: { idempotencyKey: string; paymentId: string; amount: Money; reason?: string }) {
      return call(
        '/v2/refunds',
        {
          idempotency_key: input.idempotencyKey,
          payment_id: input.paymentId,
          amount_money: { amount: input.amount.amountCents, currency: input.amount.currency },
          ...(input.reason ? { reason: input.reason } : {}),
        },
        Refund,
        'refund',
      );
    },

    /**
     * POST /v2/online-checkout/payment-links: a page at Square where the
     * customer pays an order of these lines (decision 070). `referenceId`
     * (ours: the booking or work order) is kept on the order.
     */
    createPaymentLink(input: {
      idempotencyKey: string;
      locationId: string;
      referenceId: string;
      lines: readonly OrderLine[];
      description?: string;
      buyerEmail?: string;
      redirectUrl?: string;
    }) {
      return call(
        '/v2/online-checkout/payment-links',
        {
          idempotency_key: input.idempotencyKey,
          ...(input.description ? { description: input.description } : {}),
          order: {
            location_id: input.locationId,
            reference_id: input.referenceId,
            line_items: input.lines.map((line) => ({
              name: line.name,
              quantity: line.quantity,
              base_price_money: { amount: line.unitCents, currency: 'USD' },
              ...(line.note ? { note: line.note } : {}),
            })),
          },
          // The customer may tip on Square's page (issue 35): the tip comes back as the payment's tip_money.
          checkout_options: {
            allow_tipping: true,
            ...(input.redirectUrl ? { redirect_url: input.redirectUrl } : {}),
          },
          ...(input.buyerEmail ? { pre_populated_data: { buyer_email: input.buyerEmail } } : {}),
        },
        PaymentLink,
        'payment_link',
      );
    },
  };
}

export type SquareClient = ReturnType<typeof createSquareClient>;
