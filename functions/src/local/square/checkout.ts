import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { tipChosen, tipFields } from './checkout-tip';
import { cardStatus, chargeDeclined, chargeFields, type Outcome, tokenize } from './test-cards';

/**
 * The stand-in's Checkout API (decision 070): POST
 * /v2/online-checkout/payment-links makes an order of the request's line
 * items and a link to a small hosted checkout page here, GET /checkout/{id}.
 * The page takes the test cards (4111 1111 1111 1111 pays; 4000 0000 0000 0002
 * is declined; README); a payment records a COMPLETED payment for the order
 * and sends Square's `payment.updated` webhook, signed as Square signs it
 * (base64 HMAC-SHA256 of the notification URL and the body), to the app's
 * webhook URL given at start. Each event is also kept, with its signature,
 * at GET /_stand-in/webhook-events (tests deliver it themselves when the
 * stand-in has no app to post to).
 */

type Money = { amount: number; currency: 'USD' };

type LineItem = {
  uid: string;
  name: string;
  quantity: string;
  note?: string;
  base_price_money: Money;
  total_money: Money;
};

export type Order = {
  id: string;
  location_id: string;
  reference_id?: string;
  line_items: LineItem[];
  total_money: Money;
  state: 'OPEN' | 'COMPLETED';
  created_at: string;
  updated_at: string;
  version: number;
};

export type PaymentLink = {
  id: string;
  version: number;
  description?: string;
  order_id: string;
  url: string;
  long_url: string;
  created_at: string;
  pre_populated_data?: { buyer_email?: string };
  checkout_options?: { redirect_url?: string; allow_tipping?: boolean };
};

export type WebhookEvent = {
  event_id: string;
  notification_url: string;
  body: string;
  signature: string;
  /** The app's HTTP status, 0 when it could not be reached, null when not sent (no app to post to). */
  delivered: number | null;
};

export type CheckoutState = {
  paymentLinks: Record<string, PaymentLink>;
  orders: Record<string, Order>;
  webhookEvents: WebhookEvent[];
  payments: (Record<string, unknown> & { id: string; status: string })[];
};

export type WebhookOptions = {
  /** The notification URL: where the app takes Square's webhooks, and what the signature covers. */
  url: string;
  signatureKey: string;
  /** Post events to `url` (npm start); false only records them (the API tests, which have no server). */
  deliver: boolean;
};

type Reply = { status: number; body: unknown };

type Dependencies = {
  state: CheckoutState;
  save: () => void;
  locationId: string;
  merchantId: string;
  appId: string;
  webhook?: WebhookOptions;
  squareId: (length?: number) => string;
  invalid: (code: string, detail: string, field?: string) => Reply;
  idempotent: (c: Context, create: (body: Record<string, unknown>) => Reply) => Promise<Response>;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Square's decimal quantity: a positive number with at most 5 decimals. */
const QUANTITY = /^(?!0+(\.0+)?$)\d{1,6}(\.\d{1,5})?$/;

export function mountCheckout(app: Hono, deps: Dependencies): void {
  const { state, save, invalid } = deps;

  function createLink(body: Record<string, unknown>, origin: string): Reply {
    const order = isRecord(body.order) ? body.order : undefined;
    if (!order) return invalid('MISSING_REQUIRED_PARAMETER', 'Field must be set', 'order');
    const location = text(order.location_id);
    if (location !== deps.locationId) {
      return {
        status: 404,
        body: {
          errors: [
            {
              category: 'INVALID_REQUEST_ERROR',
              code: 'NOT_FOUND',
              detail: `Location ${location} not found.`,
              field: 'order.location_id',
            },
          ],
        },
      };
    }
    const items = Array.isArray(order.line_items) ? order.line_items : [];
    if (items.length === 0)
      return invalid('MISSING_REQUIRED_PARAMETER', 'Field must be set', 'order.line_items');
    const lines: LineItem[] = [];
    for (const [n, item] of items.entries()) {
      const field = `order.line_items[${n}]`;
      if (!isRecord(item)) return invalid('INVALID_VALUE', 'Expected an object.', field);
      const name = text(item.name)?.trim();
      if (!name || name.length > 512)
        return invalid('INVALID_VALUE', 'A line item needs a name.', `${field}.name`);
      const quantity = text(item.quantity) ?? '';
      if (!QUANTITY.test(quantity))
        return invalid('INVALID_VALUE', 'Quantity must be a positive number.', `${field}.quantity`);
      const money = isRecord(item.base_price_money) ? item.base_price_money : undefined;
      const amount = money?.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 0) {
        return invalid(
          'INVALID_VALUE',
          'base_price_money.amount must be a whole number of cents.',
          `${field}.base_price_money.amount`,
        );
      }
      if (money?.currency !== 'USD') {
        return invalid(
          'INVALID_CURRENCY',
          'This merchant can only process payments in USD.',
          `${field}.base_price_money.currency`,
        );
      }
      lines.push({
        uid: randomBytes(11).toString('base64url'),
        name,
        quantity,
        ...(text(item.note) ? { note: text(item.note) } : {}),
        base_price_money: { amount, currency: 'USD' },
        total_money: { amount: Math.round(Number(quantity) * amount), currency: 'USD' },
      });
    }
    const total = lines.reduce((sum, line) => sum + line.total_money.amount, 0);
    if (total < 1)
      return invalid('INVALID_VALUE', 'The order total must be greater than 0.', 'order.line_items');
    const now = new Date().toISOString();
    const saved: Order = {
      id: deps.squareId(29),
      location_id: deps.locationId,
      ...(text(order.reference_id) ? { reference_id: text(order.reference_id) } : {}),
      line_items: lines,
      total_money: { amount: total, currency: 'USD' },
      state: 'OPEN',
      created_at: now,
      updated_at: now,
      version: 1,
    };
    const id = deps.squareId(16);
    const link: PaymentLink = {
      id,
      version: 1,
      ...(text(body.description) ? { description: text(body.description) } : {}),
      order_id: saved.id,
      url: `${origin}/checkout/${id}`,
      long_url: `${origin}/checkout/${id}?order=${saved.id}`,
      created_at: now,
      ...(isRecord(body.pre_populated_data)
        ? { pre_populated_data: body.pre_populated_data as PaymentLink['pre_populated_data'] }
        : {}),
      ...(isRecord(body.checkout_options)
        ? { checkout_options: body.checkout_options as PaymentLink['checkout_options'] }
        : {}),
    };
    state.orders[saved.id] = saved;
    state.paymentLinks[id] = link;
    return { status: 200, body: { payment_link: link, related_resources: { orders: [saved] } } };
  }

  /** Square's `payment.updated`, signed, recorded, and posted to the app when it has one. */
  async function notify(payment: CheckoutState['payments'][number]): Promise<void> {
    if (!deps.webhook) return;
    const body = JSON.stringify({
      merchant_id: deps.merchantId,
      type: 'payment.updated',
      event_id: randomUUID(),
      created_at: new Date().toISOString(),
      data: { type: 'payment', id: payment.id, object: { payment } },
    });
    const { url, signatureKey, deliver } = deps.webhook;
    const signature = createHmac('sha256', signatureKey)
      .update(url + body)
      .digest('base64');
    const event: WebhookEvent = {
      event_id: JSON.parse(body).event_id,
      notification_url: url,
      body,
      signature,
      delivered: null,
    };
    state.webhookEvents.push(event);
    if (deliver) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-square-hmacsha256-signature': signature },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        event.delivered = response.status;
      } catch {
        event.delivered = 0;
      }
    }
    save();
  }

  function pay(
    link: PaymentLink,
    order: Order,
    form: Record<string, string>,
  ): { outcome: Outcome | { kind: 'invalid'; messages: string[] }; paymentId?: string } {
    const card = tokenize({
      number: form.number ?? '',
      expiry: form.expiry ?? '',
      cvv: form.cvv ?? '',
      postalCode: form.postalCode ?? '',
    });
    if ('errors' in card)
      return { outcome: { kind: 'invalid', messages: card.errors.map((e) => e.message) } };
    const amount = order.total_money.amount;
    const tip = link.checkout_options?.allow_tipping ? tipChosen(form, amount) : 0;
    if (typeof tip === 'string') return { outcome: { kind: 'invalid', messages: [tip] } };
    const outcome: Outcome = card.card.declinesCharges ? chargeDeclined : card.card.outcome;
    const paid = outcome.kind === 'ok';
    const now = new Date().toISOString();
    const payment = {
      id: deps.squareId(29),
      ...chargeFields(amount, paid, now, tip),
      card_details: {
        status: cardStatus(paid),
        card: {
          card_brand: card.card.brand,
          last_4: card.card.last4,
          exp_month: card.card.expMonth,
          exp_year: card.card.expYear,
          bin: card.card.bin,
        },
        entry_method: 'KEYED',
      },
      location_id: order.location_id,
      order_id: order.id,
      ...(order.reference_id ? { reference_id: order.reference_id } : {}),
      ...(link.pre_populated_data?.buyer_email
        ? { buyer_email_address: link.pre_populated_data.buyer_email }
        : {}),
      receipt_number: deps.squareId(4),
      application_details: { square_product: 'ECOMMERCE_API', application_id: deps.appId },
      version_token: randomBytes(16).toString('base64url'),
    };
    state.payments.push(payment);
    if (paid) {
      order.state = 'COMPLETED';
      order.updated_at = now;
      order.version += 1;
    }
    return { outcome, paymentId: payment.id };
  }

  app.post('/v2/online-checkout/payment-links', (c) =>
    deps.idempotent(c, (body) => createLink(body, new URL(c.req.url).origin)),
  );

  app.get('/checkout/:id', (c) => {
    const link = state.paymentLinks[c.req.param('id')];
    const order = link ? state.orders[link.order_id] : undefined;
    if (!link || !order)
      return c.html(page('Payment link not found', '<p>This payment link does not exist.</p>'), 404);
    return c.html(checkoutPage(link, order, {}));
  });

  app.post('/checkout/:id', async (c) => {
    const link = state.paymentLinks[c.req.param('id')];
    const order = link ? state.orders[link.order_id] : undefined;
    if (!link || !order)
      return c.html(page('Payment link not found', '<p>This payment link does not exist.</p>'), 404);
    if (order.state === 'COMPLETED') return c.html(checkoutPage(link, order, {}), 409);
    const raw = await c.req.parseBody();
    const form = Object.fromEntries(
      Object.entries(raw).map(([key, value]) => [key, typeof value === 'string' ? value : '']),
    );
    const { outcome } = pay(link, order, form);
    if (outcome.kind === 'invalid')
      return c.html(checkoutPage(link, order, { errors: outcome.messages }), 400);
    if (outcome.kind !== 'ok') {
      save();
      const detail = outcome.kind === 'declined' ? outcome.code : 'Error';
      return c.html(checkoutPage(link, order, { declined: detail }), 402);
    }
    save();
    const payment = state.payments[state.payments.length - 1];
    if (payment) await notify(payment);
    return c.html(checkoutPage(link, order, {}));
  });

  app.get('/_stand-in/payment-links', (c) =>
    c.json({ payment_links: Object.values(state.paymentLinks), orders: Object.values(state.orders) }),
  );
  app.get('/_stand-in/webhook-events', (c) => c.json({ events: state.webhookEvents }));
}

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string,
  );

const dollars = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+\.)/g, ',')}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1b1f24}
main{max-width:28rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:8px;box-shadow:0 1px 4px #0002}
h1{font-size:1.3rem;margin-top:0}table{width:100%;border-collapse:collapse;margin:1rem 0}
td,th{padding:.3rem 0;text-align:left}td:last-child,th:last-child{text-align:right}
tfoot th{border-top:1px solid #ccc}label{display:block;margin:.6rem 0 .2rem;font-weight:600}
fieldset{border:1px solid #ccc;border-radius:4px}label.tip{font-weight:400}label.tip input{width:auto}
input{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem;border:1px solid #6b7280;border-radius:4px}
button{margin-top:1rem;width:100%;padding:.7rem;font-size:1rem;background:#1d4ed8;color:#fff;border:0;border-radius:4px;cursor:pointer}
.error{color:#a40000;font-weight:600}.paid{color:#065f46;font-weight:600}.note{color:#4b5563;font-size:.9rem}
</style></head>
<body><main>${body}<p class="note">Local Square stand-in: test cards only.</p></main></body></html>`;
}

function checkoutPage(
  link: PaymentLink,
  order: Order,
  result: { errors?: string[]; declined?: string },
): string {
  const rows = order.line_items
    .map(
      (line) =>
        `<tr><td>${escape(line.name)}${line.quantity === '1' ? '' : ` × ${escape(line.quantity)}`}</td><td>${dollars(line.total_money.amount)}</td></tr>`,
    )
    .join('');
  const total = dollars(order.total_money.amount);
  const summary = `<table><caption class="note">${escape(link.description ?? 'Your order')}</caption><thead><tr><th scope="col">Item</th><th scope="col">Amount</th></tr></thead><tbody>${rows}</tbody><tfoot><tr><th scope="row">Total</th><th>${total}</th></tr></tfoot></table>`;
  if (order.state === 'COMPLETED') {
    return page(
      'Payment received',
      `<h1>Payment received</h1><p class="paid" role="status">Paid ${total}. Thank you!</p>${summary}`,
    );
  }
  const message = result.declined
    ? `<p class="error" role="alert">Your card was declined (${escape(result.declined)}). Please use another card.</p>`
    : result.errors?.length
      ? `<div class="error" role="alert">${result.errors.map((e) => `<p>${escape(e)}</p>`).join('')}</div>`
      : '';
  return page(
    `Pay ${total}`,
    `<h1>Pay ${total}</h1>${summary}${message}
<form method="post">
${link.checkout_options?.allow_tipping ? tipFields(order.total_money.amount) : ''}
<label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required>
<label for="expiry">Expiration (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12/30" required>
<label for="cvv">CVV</label><input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" required>
<label for="postalCode">ZIP code</label><input id="postalCode" name="postalCode" inputmode="numeric" autocomplete="postal-code" required>
<button type="submit">Pay ${total}</button>
</form>`,
  );
}
