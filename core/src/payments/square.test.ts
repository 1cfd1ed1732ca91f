import { describe, expect, it } from 'vitest';
import { cardBrandName } from '../user/card-brand';
import { classify, createSquareClient, type Fetch, SQUARE_VERSION, SquareError } from './square';

type Sent = { url: string; init: RequestInit };

/** A client whose `fetch` answers `reply` (or throws it) and records what was sent. */
function clientAnswering(reply: Response | Error | (() => Promise<Response>)) {
  const sent: Sent[] = [];
  const fetch: Fetch = async (url, init) => {
    sent.push({ url, init });
    if (reply instanceof Error) throw reply;
    return typeof reply === 'function' ? reply() : reply.clone();
  };
  return {
    sent,
    client: createSquareClient({ baseUrl: 'https://square.test/', accessToken: 'EAAA-test', fetch }),
  };
}

const jsonReply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const squareErrors = (...errors: { category: string; code: string; detail?: string; field?: string }[]) => ({
  errors,
});

async function failureOf(promise: Promise<unknown>): Promise<SquareError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SquareError) return error;
    throw error;
  }
  throw new Error('expected a SquareError');
}

const card = { idempotencyKey: 'k-1', sourceId: 'cnon:card-nonce-ok', customerId: 'CUST1' };

describe('the Square client', () => {
  it('sends the bearer token, the API version, JSON in snake_case and the idempotency key', async () => {
    const { client, sent } = clientAnswering(
      jsonReply(200, { card: { id: 'ccof:1', card_brand: 'VISA', last_4: '1111', extra: 'ignored' } }),
    );
    expect(await client.createCard({ ...card, cardholderName: 'Casey Tester' })).toEqual({
      id: 'ccof:1',
      card_brand: 'VISA',
      last_4: '1111',
    });
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request?.url).toBe('https://square.test/v2/cards');
    expect(request?.init.method).toBe('POST');
    expect(request?.init.headers).toMatchObject({
      Authorization: 'Bearer EAAA-test',
      'Square-Version': SQUARE_VERSION,
      'Content-Type': 'application/json',
    });
    expect(JSON.parse(String(request?.init.body))).toEqual({
      idempotency_key: 'k-1',
      source_id: 'cnon:card-nonce-ok',
      card: { customer_id: 'CUST1', cardholder_name: 'Casey Tester' },
    });
  });

  it('sends a payment on a card on file, autocompleted, in cents', async () => {
    const { client, sent } = clientAnswering(
      jsonReply(200, { payment: { id: 'PAY1', status: 'COMPLETED' } }),
    );
    await client.createPayment({
      idempotencyKey: 'bkg_1',
      sourceId: 'ccof:1',
      customerId: 'CUST1',
      locationId: 'L1',
      amount: { amountCents: 12_550, currency: 'USD' },
      note: 'Booking',
    });
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({
      idempotency_key: 'bkg_1',
      source_id: 'ccof:1',
      customer_id: 'CUST1',
      location_id: 'L1',
      amount_money: { amount: 12_550, currency: 'USD' },
      autocomplete: true,
      note: 'Booking',
    });
  });

  it('maps a PAYMENT_METHOD_ERROR to declined, whatever the status, keeping the failed payment id', async () => {
    for (const status of [400, 402]) {
      const { client } = clientAnswering(
        jsonReply(status, {
          ...squareErrors({
            category: 'PAYMENT_METHOD_ERROR',
            code: 'CARD_DECLINED',
            detail: 'Card declined.',
          }),
          payment: { id: 'PAY-FAILED', status: 'FAILED' },
        }),
      );
      const failure = await failureOf(
        client.createPayment({
          idempotencyKey: 'k',
          sourceId: 'ccof:1',
          customerId: 'C',
          locationId: 'L',
          amount: { amountCents: 100, currency: 'USD' },
        }),
      );
      expect(failure).toMatchObject({
        failure: 'declined',
        status,
        code: 'CARD_DECLINED',
        paymentId: 'PAY-FAILED',
      });
    }
  });

  it('maps an unusable payment token to rejected', async () => {
    for (const error of [
      { category: 'INVALID_REQUEST_ERROR', code: 'CARD_TOKEN_USED', field: 'source_id' },
      { category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', field: 'source_id' },
    ]) {
      const { client } = clientAnswering(jsonReply(400, squareErrors(error)));
      expect(await failureOf(client.createCard(card))).toMatchObject({
        failure: 'rejected',
        code: error.code,
      });
    }
  });

  it('maps everything else to a provider failure', async () => {
    const cases: [string, Response | Error][] = [
      ['a 500', jsonReply(500, squareErrors({ category: 'API_ERROR', code: 'INTERNAL_SERVER_ERROR' }))],
      [
        'a bad access token',
        jsonReply(401, squareErrors({ category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED' })),
      ],
      ['rate limiting', jsonReply(429, squareErrors({ category: 'RATE_LIMIT_ERROR', code: 'RATE_LIMITED' }))],
      [
        'a request Square found invalid',
        jsonReply(400, squareErrors({ category: 'INVALID_REQUEST_ERROR', code: 'IDEMPOTENCY_KEY_REUSED' })),
      ],
      ['an HTML error page', new Response('<html>Bad gateway</html>', { status: 502 })],
      ['no reply', new TypeError('fetch failed')],
    ];
    for (const [name, reply] of cases) {
      const { client } = clientAnswering(reply);
      const failure = await failureOf(client.createCard(card));
      expect(`${name}: ${failure.failure}`).toBe(`${name}: provider`);
    }
    const { client } = clientAnswering(new TypeError('fetch failed'));
    expect(
      await failureOf(
        client.createCustomer({
          idempotencyKey: 'k',
          givenName: 'A',
          familyName: 'B',
          emailAddress: 'a@example.com',
          referenceId: 'usr_1',
        }),
      ),
    ).toMatchObject({
      status: 0,
      code: 'NO_RESPONSE',
    });
  });

  it('treats a success it cannot read as a provider failure', async () => {
    for (const reply of [
      jsonReply(200, { card: { brand: 'VISA' } }),
      new Response('not json', { status: 200 }),
    ]) {
      const { client } = clientAnswering(reply);
      expect((await failureOf(client.createCard(card))).failure).toBe('provider');
    }
  });

  it('gives up on a Square that does not answer in time', async () => {
    const fetch: Fetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const client = createSquareClient({
      baseUrl: 'https://square.test',
      accessToken: 't',
      fetch,
      timeoutMs: 20,
    });
    expect(await failureOf(client.disableCard('ccof:1'))).toMatchObject({ failure: 'provider', status: 0 });
  });

  it('classifies by category first', () => {
    expect(classify(402, [{ category: 'PAYMENT_METHOD_ERROR', code: 'GENERIC_DECLINE' }])).toBe('declined');
    expect(classify(400, [{ category: 'INVALID_REQUEST_ERROR', code: 'INVALID_CARD_DATA' }])).toBe(
      'rejected',
    );
    expect(classify(500, [{ category: 'INVALID_REQUEST_ERROR', code: 'CARD_TOKEN_USED' }])).toBe('provider');
    expect(
      classify(400, [{ category: 'INVALID_REQUEST_ERROR', code: 'INVALID_VALUE', field: 'location_id' }]),
    ).toBe('provider');
  });
});

describe('cardBrandName', () => {
  it('reads Square brands as people do', () => {
    expect(cardBrandName('VISA')).toBe('Visa');
    expect(cardBrandName('AMERICAN_EXPRESS')).toBe('American Express');
    expect(cardBrandName('DISCOVER_DINERS')).toBe('Diners Club');
    expect(cardBrandName('SOME_NEW_BRAND')).toBe('Some New Brand');
    expect(cardBrandName('OTHER_BRAND')).toBe('Card');
    expect(cardBrandName(undefined)).toBe('Card');
  });
});
