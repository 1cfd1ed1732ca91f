import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSquareStandInApp } from './stand-in';
import { luhnValid, tokenize } from './test-cards';

const TOKEN = 'local-square-access-token';

function post(app: ReturnType<typeof createSquareStandInApp>, path: string, body: unknown, token = TOKEN) {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

const customerBody = (key: string) => ({
  idempotency_key: key,
  given_name: 'Casey',
  email_address: 'c@example.com',
});

/** Square's error reply: one error, with its field when it names one. */
const squareErrors = (category: string, code: string, detail: string, field?: string) => ({
  errors: [{ category, code, detail, ...(field === undefined ? {} : { field }) }],
});

describe('the Square stand-in', () => {
  it('requires the Bearer access token, with Square’s error shape', async () => {
    const app = createSquareStandInApp({ stateFile: null });
    for (const token of ['', 'wrong-token']) {
      const response = await post(app, '/v2/customers', customerBody('k1'), token);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(
        squareErrors('AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'This request could not be authorized.'),
      );
    }
  });

  it('answers a retry with the same key and body with the first reply, and refuses another body', async () => {
    const app = createSquareStandInApp({ stateFile: null });
    const first = await (await post(app, '/v2/customers', customerBody('same-key'))).json();
    const retry = await (
      await post(app, '/v2/customers', {
        email_address: 'c@example.com',
        given_name: 'Casey',
        idempotency_key: 'same-key',
      })
    ).json();
    expect(retry).toEqual(first);
    const reused = await post(app, '/v2/customers', { ...customerBody('same-key'), given_name: 'Other' });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual(
      squareErrors(
        'INVALID_REQUEST_ERROR',
        'IDEMPOTENCY_KEY_REUSED',
        'The idempotency key can only be retried with the same request data.',
        'idempotency_key',
      ),
    );
    const missing = await post(app, '/v2/customers', { given_name: 'No key' });
    expect(missing.status).toBe(400);
  });

  it('saves a card, declines Square’s declined token with 402, and charges a saved card', async () => {
    const app = createSquareStandInApp({ stateFile: null });
    const { customer } = (await (await post(app, '/v2/customers', customerBody('c'))).json()) as {
      customer: { id: string };
    };
    const saved = await post(app, '/v2/cards', {
      idempotency_key: 'card-1',
      source_id: 'cnon:card-nonce-ok',
      card: { customer_id: customer.id },
    });
    expect(saved.status).toBe(200);
    const { card } = (await saved.json()) as {
      card: { id: string; card_brand: string; last_4: string; enabled: boolean };
    };
    expect(card).toMatchObject({ card_brand: 'VISA', last_4: '1111', enabled: true });
    expect(card).not.toHaveProperty('declinesCharges');

    const declined = await post(app, '/v2/cards', {
      idempotency_key: 'card-2',
      source_id: 'cnon:card-nonce-declined',
      card: { customer_id: customer.id },
    });
    expect(declined.status).toBe(402);
    expect(await declined.json()).toEqual({
      errors: [{ category: 'PAYMENT_METHOD_ERROR', code: 'CARD_DECLINED', detail: 'Card declined.' }],
    });

    const payment = await post(app, '/v2/payments', {
      idempotency_key: 'pay-1',
      source_id: card.id,
      customer_id: customer.id,
      amount_money: { amount: 100, currency: 'USD' },
      autocomplete: true,
    });
    expect(payment.status).toBe(200);
    expect(await payment.json()).toMatchObject({
      payment: { status: 'COMPLETED', amount_money: { amount: 100 } },
    });

    // A tip (issue 35): tip_money apart from the amount, total_money both, as Square reports it.
    const tipped = await post(app, '/v2/payments', {
      idempotency_key: 'pay-tip',
      source_id: card.id,
      customer_id: customer.id,
      amount_money: { amount: 100, currency: 'USD' },
      tip_money: { amount: 20, currency: 'USD' },
      autocomplete: true,
    });
    expect(await tipped.json()).toMatchObject({
      payment: { amount_money: { amount: 100 }, tip_money: { amount: 20 }, total_money: { amount: 120 } },
    });
    const badTip = await post(app, '/v2/payments', {
      idempotency_key: 'pay-bad-tip',
      source_id: card.id,
      customer_id: customer.id,
      amount_money: { amount: 100, currency: 'USD' },
      tip_money: { amount: -1, currency: 'USD' },
    });
    expect(badTip.status).toBe(400);

    await post(app, `/v2/cards/${encodeURIComponent(card.id)}/disable`, undefined);
    const disabled = await post(app, '/v2/payments', {
      idempotency_key: 'pay-2',
      source_id: card.id,
      customer_id: customer.id,
      amount_money: { amount: 100, currency: 'USD' },
    });
    expect(disabled.status).toBe(400);
  });

  it('keeps its state in its file across restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'square-stand-in-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const stateFile = join(dir, 'state.json');
    const before = createSquareStandInApp({ stateFile });
    const { customer } = (await (await post(before, '/v2/customers', customerBody('persist'))).json()) as {
      customer: { id: string };
    };
    await post(before, '/v2/cards', {
      idempotency_key: 'card',
      source_id: 'cnon:card-nonce-ok',
      card: { customer_id: customer.id },
    });
    const after = createSquareStandInApp({ stateFile });
    const { cards } = (await (await after.request('/_stand-in/cards')).json()) as {
      cards: { customer_id: string }[];
    };
    expect(cards.map((card) => card.customer_id)).toEqual([customer.id]);
  });
});

describe('the test card form', () => {
  it('turns a valid test card into a token, and names the fields that are wrong', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    const ok = tokenize(
      { number: '4111 1111 1111 1111', expiry: '12/28', cvv: '111', postalCode: '19380' },
      now,
    );
    expect(ok).toMatchObject({
      card: { brand: 'VISA', last4: '1111', outcome: { kind: 'ok' }, declinesCharges: false },
    });
    expect(
      tokenize({ number: '4000 0000 0000 0002', expiry: '12/28', cvv: '111', postalCode: '19380' }, now),
    ).toMatchObject({ card: { outcome: { kind: 'declined', code: 'CARD_DECLINED' } } });
    expect(
      tokenize({ number: '4000 0000 0000 0341', expiry: '12/28', cvv: '111', postalCode: '19380' }, now),
    ).toMatchObject({ card: { outcome: { kind: 'ok' }, declinesCharges: true, last4: '0341' } });
    const bad = tokenize(
      { number: '4111 1111 1111 1112', expiry: '10/26', cvv: '12', postalCode: 'abc' },
      now,
    );
    expect('errors' in bad && bad.errors.map((error) => error.field)).toEqual([
      'cardNumber',
      'expirationDate',
      'cvv',
      'postalCode',
    ]);
  });

  it('checks card numbers with the Luhn sum', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('3400 0000 0000 009')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('1234')).toBe(false);
  });
});
