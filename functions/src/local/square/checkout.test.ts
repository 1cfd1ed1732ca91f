import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSquareStandInApp } from './stand-in';

/**
 * The stand-in's Checkout API (decision 070): payment links in Square's
 * shape and errors, the hosted checkout page with the test cards, and the
 * signed `payment.updated` it records (and would post) once a link is paid.
 */

const TOKEN = 'local-square-access-token';
const webhook = { url: 'http://localhost:3000/api/webhooks/square', signatureKey: 'key-1', deliver: false };

const standIn = () => createSquareStandInApp({ stateFile: null, webhook });
type App = ReturnType<typeof standIn>;

const linkBody = (key: string, lines: unknown[] = [line('Brake inspection', '1', 12000)]) => ({
  idempotency_key: key,
  description: 'Appointment',
  order: { location_id: 'LOCALSTANDIN01', reference_id: 'bkg_1', line_items: lines },
});
function line(name: string, quantity: string, amount: number, currency = 'USD') {
  return { name, quantity, base_price_money: { amount, currency } };
}

function createLink(app: App, body: unknown) {
  return app.request('http://127.0.0.1:9999/v2/online-checkout/payment-links', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify(body),
  });
}

type LinkReply = {
  payment_link: { id: string; url: string; order_id: string };
  related_resources: { orders: { id: string; total_money: { amount: number } }[] };
};

/** The test card's other fields, as the checkout page's form posts them. */
const TEST_CARD = { expiry: '12/40', cvv: '111', postalCode: '19380' };

function pay(app: App, path: string, number: string, extra: Record<string, string> = {}) {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number, ...TEST_CARD, ...extra }).toString(),
  });
}

describe('the stand-in’s payment links', () => {
  it('makes an order of the lines, totals it, and links to its own checkout page', async () => {
    const app = standIn();
    const response = await createLink(
      app,
      linkBody('k1', [line('Labor', '1', 11250), line('Rotor', '2', 6450), line('Tax', '1', 1749)]),
    );
    expect(response.status).toBe(200);
    const reply = (await response.json()) as LinkReply;
    expect(reply.payment_link.url).toBe(`http://127.0.0.1:9999/checkout/${reply.payment_link.id}`);
    expect(reply.related_resources.orders[0]?.id).toBe(reply.payment_link.order_id);
    expect(reply.related_resources.orders[0]?.total_money.amount).toBe(11250 + 12900 + 1749);
    // Square's idempotency: the same key and body give the same link.
    expect(
      await (
        await createLink(
          app,
          linkBody('k1', [line('Labor', '1', 11250), line('Rotor', '2', 6450), line('Tax', '1', 1749)]),
        )
      ).json(),
    ).toEqual(reply);
  });

  it('refuses what Square refuses, in its error shape', async () => {
    const app = standIn();
    const cases: [unknown, string][] = [
      [{ idempotency_key: 'a' }, 'order'],
      [linkBody('b', []), 'order.line_items'],
      [linkBody('c', [line('X', '0', 100)]), 'order.line_items[0].quantity'],
      [linkBody('d', [line('X', 'two', 100)]), 'order.line_items[0].quantity'],
      [linkBody('e', [line('X', '1', 1.5)]), 'order.line_items[0].base_price_money.amount'],
      [linkBody('f', [line('X', '1', 100, 'EUR')]), 'order.line_items[0].base_price_money.currency'],
      [linkBody('g', [line('', '1', 100)]), 'order.line_items[0].name'],
      [linkBody('h', [line('X', '1', 0)]), 'order.line_items'],
    ];
    for (const [body, field] of cases) {
      const response = await createLink(app, body);
      expect(response.status, field).toBe(400);
      const { errors } = (await response.json()) as { errors: { category: string; field: string }[] };
      expect(errors[0]).toMatchObject({ category: 'INVALID_REQUEST_ERROR', field });
    }
    const elsewhere = await createLink(app, {
      ...linkBody('i'),
      order: { location_id: 'OTHER', line_items: [line('X', '1', 100)] },
    });
    expect(elsewhere.status).toBe(404);
  });

  it('takes the test cards on its page; a payment is recorded with the order and a signed webhook', async () => {
    const app = standIn();
    const { payment_link: link } = (await (await createLink(app, linkBody('p1'))).json()) as LinkReply;
    const path = new URL(link.url).pathname;
    const page = await app.request(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Pay $120.00');
    expect(html).toContain('<label for="number">Card number</label>');
    expect((await app.request('/checkout/NOPE')).status).toBe(404);

    const invalid = await pay(app, path, '1234');
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain('Card number is not valid.');
    const declined = await pay(app, path, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined (CARD_DECLINED)');
    let events = ((await (await app.request('/_stand-in/webhook-events')).json()) as { events: unknown[] })
      .events;
    expect(events).toHaveLength(0);

    const paid = await pay(app, path, '4111 1111 1111 1111');
    expect(paid.status).toBe(200);
    expect(await paid.text()).toContain('Payment received');
    events = ((await (await app.request('/_stand-in/webhook-events')).json()) as { events: unknown[] })
      .events;
    expect(events).toHaveLength(1);
    const event = events[0] as { body: string; signature: string; notification_url: string; delivered: null };
    expect(event.notification_url).toBe(webhook.url);
    expect(event.delivered).toBeNull();
    expect(event.signature).toBe(
      createHmac('sha256', 'key-1')
        .update(webhook.url + event.body)
        .digest('base64'),
    );
    const body = JSON.parse(event.body) as {
      type: string;
      data: { object: { payment: { status: string; order_id: string; amount_money: { amount: number } } } };
    };
    expect(body.type).toBe('payment.updated');
    expect(body.data.object.payment).toMatchObject({
      status: 'COMPLETED',
      order_id: link.order_id,
      amount_money: { amount: 12000 },
    });
    // Paid: the page says so, and a second payment is refused.
    expect(await (await app.request(path)).text()).toContain('Payment received');
    expect((await pay(app, path, '4111 1111 1111 1111')).status).toBe(409);
  });
});

describe('a link that allows tipping (issue 35)', () => {
  it('offers the tip on its page, and the payment carries it as tip_money apart from the amount', async () => {
    const app = standIn();
    const body = { ...linkBody('tip-1'), checkout_options: { allow_tipping: true } };
    const reply = (await (await createLink(app, body)).json()) as LinkReply;
    const path = `/checkout/${reply.payment_link.id}`;
    const page = await (await app.request(path)).text();
    expect(page).toContain('Add a tip');
    expect(page).toContain('20% ($24.00)');
    expect((await pay(app, path, '4111 1111 1111 1111', { tip: 'custom', tipAmount: '-3' })).status).toBe(
      400,
    );
    expect((await pay(app, path, '4111 1111 1111 1111', { tip: '20' })).status).toBe(200);
    const { events } = (await (await app.request('/_stand-in/webhook-events')).json()) as {
      events: { body: string }[];
    };
    const payment = (JSON.parse(events.at(-1)?.body ?? '{}') as { data: { object: { payment: unknown } } })
      .data.object.payment;
    expect(payment).toMatchObject({
      amount_money: { amount: 12000 },
      tip_money: { amount: 2400 },
      total_money: { amount: 14400 },
    });
  });
});
