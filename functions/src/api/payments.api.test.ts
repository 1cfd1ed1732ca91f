import { asSystem } from '@app/core/actor';
import { config } from '@app/core/config';
import { db, tableName } from '@app/core/db/client';
import { Payments } from '@app/core/payments/index';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createUser, createUserWithCard, json } from '../../../tests/factories';
import { app } from './index';

/**
 * The card on file against DynamoDB Local and the Square stand-in
 * (functions/src/local/square): the form's config, saving and replacing a
 * card, declines and Square failures leaving the account as it was, the
 * Bearer header on save-card alone, and charging the card.
 */

type Body = { msg: string; card?: { brand: string; last4: string } };

const square = () => config().square.baseUrl;

function saveCard(body: unknown, headers: Record<string, string>) {
  return app.request('/api/payments/save-card', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The user item exactly as stored. */
async function storedUser(userId: string): Promise<Record<string, unknown>> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: { pk: `USER#${userId}`, sk: 'USER' },
      ConsistentRead: true,
    }),
  );
  if (!Item) throw new Error(`no user item for ${userId}`);
  return Item;
}

/** A payment token from the stand-in's test card form. */
async function tokenFor(
  number: string,
  extra: Partial<{ expiry: string; cvv: string; postalCode: string }> = {},
) {
  const response = await fetch(`${square()}/_stand-in/card-nonces`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ number, expiry: '12/40', cvv: '111', postalCode: '19380', ...extra }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { token: string; details: { card: { brand: string; last4: string } } };
}

type StandInCard = { id: string; enabled: boolean; customer_id: string; last_4: string };
type StandInPayment = {
  id: string;
  status: string;
  customer_id?: string;
  note?: string;
  amount_money: { amount: number; currency: string };
};

async function standInCards(): Promise<StandInCard[]> {
  return ((await (await fetch(`${square()}/_stand-in/cards`)).json()) as { cards: StandInCard[] }).cards;
}

async function standInPayments(): Promise<StandInPayment[]> {
  return ((await (await fetch(`${square()}/_stand-in/payments`)).json()) as { payments: StandInPayment[] })
    .payments;
}

async function me(token: string) {
  return json<{ hasCardOnFile: boolean; card: { brand: string; last4: string } | null }>(
    await app.request('/api/users/me', { headers: { 'x-auth-token': token } }),
  );
}

describe('GET /api/payments/config', () => {
  it('gives anyone the app id, location id and environment, briefly cacheable', async () => {
    const response = await app.request('/api/payments/config');
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      appId: 'sandbox-sq0idb-local-stand-in',
      locationId: 'LOCALSTANDIN01',
      environment: 'local',
    });
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
  });
});

describe('POST /api/payments/save-card', () => {
  it('saves the card with a Bearer token and stores only its ids, brand and last four digits', async () => {
    const user = await createUser();
    const before = await storedUser(user._id);
    expect((await me(user.token)).card).toBeNull();

    const response = await saveCard({ sourceId: 'cnon:card-nonce-ok' }, bearer(user.token));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await json(response)).toEqual({
      msg: 'Card saved successfully.',
      card: { brand: 'Visa', last4: '1111' },
    });

    const after = await storedUser(user._id);
    const changed = Object.keys(after).filter(
      (key) => JSON.stringify(after[key]) !== JSON.stringify(before[key]),
    );
    expect(changed.sort()).toEqual([
      'cardBrand',
      'cardId',
      'cardLast4',
      'hasCardOnFile',
      'squareCustomerId',
      'updatedAt',
    ]);
    expect(after).toMatchObject({ hasCardOnFile: true, cardBrand: 'VISA', cardLast4: '1111' });
    expect(String(after.cardId)).toMatch(/^ccof:/);
    expect(JSON.stringify(after)).not.toContain('cnon:');

    expect(await me(user.token)).toMatchObject({
      hasCardOnFile: true,
      card: { brand: 'Visa', last4: '1111' },
    });
    const cards = await standInCards();
    expect(cards.find((card) => card.id === after.cardId)).toMatchObject({
      enabled: true,
      customer_id: after.squareCustomerId,
    });
  });

  it('takes x-auth-token too, and refuses a missing or bad token', async () => {
    const user = await createUser();
    expect((await saveCard({ sourceId: 'cnon:card-nonce-ok' }, { 'x-auth-token': user.token })).status).toBe(
      200,
    );
    for (const headers of [{}, bearer('not-a-token'), { authorization: user.token }]) {
      const response = await saveCard({ sourceId: 'cnon:card-nonce-ok' }, headers);
      expect(response.status).toBe(401);
      expect((await json<Body>(response)).msg).toMatch(/log in/i);
    }
  });

  it('takes a Bearer token on save-card only: /api/users/me refuses it', async () => {
    const user = await createUser();
    expect((await app.request('/api/users/me', { headers: bearer(user.token) })).status).toBe(401);
    expect((await saveCard({ sourceId: 'cnon:card-nonce-ok' }, bearer(user.token))).status).toBe(200);
  });

  it('saves a card from the test card form', async () => {
    const user = await createUser();
    const { token, details } = await tokenFor('5105 1051 0510 5100');
    expect(details.card).toMatchObject({ brand: 'MASTERCARD', last4: '5100' });
    const response = await saveCard({ sourceId: token }, bearer(user.token));
    expect(await json(response)).toEqual({
      msg: 'Card saved successfully.',
      card: { brand: 'Mastercard', last4: '5100' },
    });
    // A token is good once; the same request again is a retry and gets the same card.
    expect(await json(await saveCard({ sourceId: token }, bearer(user.token)))).toMatchObject({
      card: { last4: '5100' },
    });
    const other = await createUser();
    expect((await saveCard({ sourceId: token }, bearer(other.token))).status).toBe(400);
  });

  it('answers a declined card with 400 and its reason, and changes nothing', async () => {
    const user = await createUser();
    const before = await storedUser(user._id);
    const cases: [sourceId: string, msg: string][] = [
      ['cnon:card-nonce-declined', Payments.messages.declined],
      [(await tokenFor('4000 0000 0000 0002')).token, Payments.messages.declined],
      [(await tokenFor('4111 1111 1111 1111', { cvv: '911' })).token, Payments.messages.cvv],
      [(await tokenFor('4111 1111 1111 1111', { postalCode: '99999' })).token, Payments.messages.postalCode],
      ['cnon:card-nonce-already-used', Payments.messages.rejected],
      ['cnon:not-a-token-square-knows', Payments.messages.rejected],
    ];
    for (const [sourceId, msg] of cases) {
      const response = await saveCard({ sourceId }, bearer(user.token));
      expect(`${sourceId}: ${response.status} ${(await json<Body>(response)).msg}`).toBe(
        `${sourceId}: 400 ${msg}`,
      );
    }
    expect(await storedUser(user._id)).toEqual(before);
    expect((await me(user.token)).hasCardOnFile).toBe(false);
  });

  it('answers 502 when Square fails or cannot be reached, and changes nothing', async () => {
    const user = await createUserWithCard();
    const before = await storedUser(user._id);

    const failing = await saveCard({ sourceId: 'cnon:stand-in-server-error' }, bearer(user.token));
    expect(failing.status).toBe(502);
    expect(await json(failing)).toEqual({ msg: Payments.messages.provider });

    const settings = config().square;
    const baseUrl = settings.baseUrl;
    settings.baseUrl = 'http://127.0.0.1:9'; // nothing listens on the discard port
    try {
      const down = await saveCard({ sourceId: 'cnon:card-nonce-ok' }, bearer(user.token));
      expect(down.status).toBe(502);
      expect(await json(down)).toEqual({ msg: Payments.messages.provider });
    } finally {
      settings.baseUrl = baseUrl;
    }
    expect(await storedUser(user._id)).toEqual(before);
    expect(await me(user.token)).toMatchObject({ card: { last4: '1111' } });
  });

  it('replaces the card on file and disables the one it replaced, on the same Square customer', async () => {
    const user = await createUserWithCard();
    const first = await storedUser(user._id);
    const { token } = await tokenFor('3400 0000 0000 009', { cvv: '1111' });
    const response = await saveCard({ sourceId: token }, bearer(user.token));
    expect(await json(response)).toEqual({
      msg: 'Card saved successfully.',
      card: { brand: 'American Express', last4: '0009' },
    });
    const second = await storedUser(user._id);
    expect(second.squareCustomerId).toBe(first.squareCustomerId);
    expect(second.cardId).not.toBe(first.cardId);
    const cards = await standInCards();
    expect(cards.find((card) => card.id === first.cardId)?.enabled).toBe(false);
    expect(cards.find((card) => card.id === second.cardId)?.enabled).toBe(true);
    expect((await me(user.token)).card).toEqual({ brand: 'American Express', last4: '0009' });
  });

  it('sends at most 10 cards an hour per account to Square (card testing goes nowhere)', async () => {
    const user = await createUser();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await saveCard({ sourceId: 'cnon:card-nonce-declined' }, bearer(user.token))).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await saveCard({ sourceId: 'cnon:card-nonce-ok' }, bearer(user.token))).status).toBe(429);
  });

  it('makes a new Square customer when Square no longer knows the stored one (another environment)', async () => {
    const user = await createUserWithCard();
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `USER#${user._id}`, sk: 'USER' },
        UpdateExpression: 'SET squareCustomerId = :gone',
        ExpressionAttributeValues: { ':gone': 'CUSTOMERFROMTHESANDBOX' },
      }),
    );
    const response = await saveCard({ sourceId: 'cnon:card-nonce-ok' }, bearer(user.token));
    expect(response.status).toBe(200);
    const stored = await storedUser(user._id);
    expect(stored.squareCustomerId).not.toBe('CUSTOMERFROMTHESANDBOX');
    expect((await standInCards()).find((card) => card.id === stored.cardId)?.customer_id).toBe(
      stored.squareCustomerId,
    );
  });

  it('validates the body', async () => {
    const user = await createUser();
    for (const body of [{}, { sourceId: '' }, { sourceId: 42 }, { sourceId: 'x'.repeat(600) }]) {
      const response = await saveCard(body, bearer(user.token));
      expect(response.status).toBe(400);
      expect((await json<Body>(response)).msg).toMatch(/card token/);
    }
  });
});

describe('Payments.charge', () => {
  const charge = (input: Parameters<typeof Payments.charge>[0]) =>
    asSystem('test', () => Payments.charge(input));

  it('charges the card on file and reports it paid', async () => {
    const user = await createUserWithCard();
    const stored = await storedUser(user._id);
    const key = `test-${crypto.randomUUID()}`;
    const result = await charge({
      userId: user._id,
      amountCents: 12_550,
      idempotencyKey: key,
      note: 'Booking bkg_1',
    });
    expect(result).toEqual({ status: 'paid', providerPaymentId: expect.any(String) });
    const payment = (await standInPayments()).find((p) => p.id === result.providerPaymentId);
    expect(payment).toMatchObject({
      status: 'COMPLETED',
      customer_id: stored.squareCustomerId,
      note: 'Booking bkg_1',
      amount_money: { amount: 12_550, currency: 'USD' },
    });
  });

  it('charges once for one idempotency key, however often it is called', async () => {
    const user = await createUserWithCard();
    const customer = (await storedUser(user._id)).squareCustomerId;
    const key = `test-${crypto.randomUUID()}`;
    const first = await charge({ userId: user._id, amountCents: 5000, idempotencyKey: key });
    const again = await charge({ userId: user._id, amountCents: 5000, idempotencyKey: key });
    expect(again).toEqual(first);
    expect((await standInPayments()).filter((p) => p.customer_id === customer)).toHaveLength(1);
  });

  it('returns a declined charge as failed, with the failed payment and the reason', async () => {
    const user = await createUserWithCard({}, 'cnon:stand-in-charge-declined');
    expect(user.card).toEqual({ brand: 'Visa', last4: '0341' });
    const result = await charge({
      userId: user._id,
      amountCents: 9900,
      idempotencyKey: `test-${crypto.randomUUID()}`,
    });
    expect(result).toMatchObject({
      status: 'failed',
      failureReason: expect.stringMatching(/declined: GENERIC_DECLINE/),
    });
    expect(result.providerPaymentId).toEqual(expect.any(String));
    const payment = (await standInPayments()).find((p) => p.id === result.providerPaymentId);
    expect(payment?.status).toBe('FAILED');
  });

  it('returns failed, never throws, without a card or when Square is down', async () => {
    const noCard = await createUser();
    expect(await charge({ userId: noCard._id, amountCents: 100, idempotencyKey: 'no-card' })).toEqual({
      status: 'failed',
      providerPaymentId: null,
      failureReason: 'The customer has no card on file.',
    });

    const user = await createUserWithCard();
    const settings = config().square;
    const baseUrl = settings.baseUrl;
    settings.baseUrl = 'http://127.0.0.1:9';
    try {
      const result = await charge({
        userId: user._id,
        amountCents: 100,
        idempotencyKey: `test-${crypto.randomUUID()}`,
      });
      expect(result).toMatchObject({ status: 'failed', providerPaymentId: null });
      expect(result.status === 'failed' && result.failureReason).toMatch(/^Square failed: NO_RESPONSE/);
    } finally {
      settings.baseUrl = baseUrl;
    }
  });

  it('is for the shop and admins only', async () => {
    const user = await createUserWithCard();
    const { withActor } = await import('@app/core/actor');
    const asCustomer = withActor(
      { type: 'user', userId: user._id, role: 'user', firstName: user.firstName },
      () => Payments.charge({ userId: user._id, amountCents: 100, idempotencyKey: 'self-charge' }),
    );
    await expect(asCustomer).rejects.toMatchObject({ kind: 'forbidden' });
  });
});
