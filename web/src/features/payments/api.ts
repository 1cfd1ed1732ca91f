import { queryOptions } from '@tanstack/react-query';
import { api, apiWithoutSession, type Reply, unwrap } from '../../lib/api';
import { readToken } from '../../lib/token';

/** The card form's configuration (doc 2 §3, Payment config), and which Square it talks to. */
export type PaymentConfig = Reply<typeof api.api.payments.config.$get>;

export const fetchPaymentConfig = (): Promise<PaymentConfig> => unwrap(api.api.payments.config.$get());

export const paymentConfigQueryOptions = () =>
  queryOptions({ queryKey: ['payments', 'config'], queryFn: fetchPaymentConfig, staleTime: 5 * 60_000 });

/**
 * The one call that carries the session as `Authorization: Bearer` instead of
 * `x-auth-token` (doc 2 §6), so it goes without the shared headers. Replies
 * `{ msg, card: { brand, last4 } }`.
 */
export const saveCard = (sourceId: string) =>
  unwrap(
    apiWithoutSession.api.payments['save-card'].$post(
      { json: { sourceId } },
      { headers: { Authorization: `Bearer ${readToken() ?? ''}` } },
    ),
  );

/** The local test card form's fields, as the Square stand-in's tokenization takes them. */
export type TestCard = { number: string; expiry: string; cvv: string; postalCode: string };

export type TestCardField = 'cardNumber' | 'expirationDate' | 'cvv' | 'postalCode';

/** A tokenization the card form refused (Square's SDK: `tokenize()` with a status other than OK). */
export class TokenizationError extends Error {
  override readonly name = 'TokenizationError';
  constructor(readonly fields: { field: TestCardField; message: string }[] = []) {
    super('Tokenization failed.');
  }
}

/**
 * Local mode only: the Square stand-in's tokenization, reached on our own
 * origin (/_local/square, mounted by the local server). Gives a one-time
 * payment token, as Square's card form does in the browser.
 */
export async function tokenizeTestCard(card: TestCard): Promise<string> {
  const response = await fetch('/_local/square/card-nonces', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(card),
  }).catch(() => {
    throw new TokenizationError();
  });
  const body = (await response.json().catch(() => null)) as {
    token?: string;
    errors?: { field: TestCardField; message: string }[];
  } | null;
  if (!response.ok || !body?.token) throw new TokenizationError(body?.errors ?? []);
  return body.token;
}
