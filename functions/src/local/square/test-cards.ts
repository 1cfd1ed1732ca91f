/**
 * What the local Square stand-in knows about cards: the payment tokens of
 * Square's sandbox, the test card numbers of its test form, and what each one
 * does. Square's sandbox values are documented at
 * https://developer.squareup.com/docs/devtools/sandbox/payments; the two
 * `cnon:stand-in-...` tokens and the card 4000 0000 0000 0341 exist only here.
 */

/** What happens when a token is saved as a card (or charged directly). */
export type Outcome =
  | { kind: 'ok' }
  | { kind: 'declined'; code: string; detail: string }
  | { kind: 'token-used' }
  | { kind: 'server-error' };

/** The card a payment token stands for, and how it behaves. */
export type CardTemplate = {
  brand: string;
  last4: string;
  bin: string;
  expMonth: number;
  expYear: number;
  postalCode: string;
  /** On saving (POST /v2/cards) or on a payment made with the token itself. */
  outcome: Outcome;
  /** The saved card declines every charge (POST /v2/payments with the card id). */
  declinesCharges: boolean;
};

const inTwoYears = () => new Date().getUTCFullYear() + 2;

const declined = (code: string, detail: string): Outcome => ({ kind: 'declined', code, detail });

export const declines = {
  card: declined('CARD_DECLINED', 'Card declined.'),
  cvv: declined('CVV_FAILURE', 'Card verification code check failed.'),
  postalCode: declined('ADDRESS_VERIFICATION_FAILURE', 'Card address verification failed.'),
  expiration: declined('INVALID_EXPIRATION', 'Card expiration date is invalid.'),
} as const;

/** What a charge on a saved card that declines every charge answers (`declinesCharges`). */
export const chargeDeclined = declined('GENERIC_DECLINE', "Authorization error: 'GENERIC_DECLINE'");

/**
 * The part of a card payment that its amount and outcome decide, as Square writes it: times,
 * money, status and the card's status (`card_details.status`; the caller adds the card).
 */
export function chargeFields(amount: number, paid: boolean, now: string, tip = 0) {
  // Square's payment: `amount_money` without the tip, `tip_money` apart, `total_money` both (issue 35).
  const total = amount + tip;
  return {
    created_at: now,
    updated_at: now,
    amount_money: { amount, currency: 'USD' },
    ...(tip > 0 ? { tip_money: { amount: tip, currency: 'USD' } } : {}),
    total_money: { amount: total, currency: 'USD' },
    approved_money: { amount: paid ? total : 0, currency: 'USD' },
    status: paid ? 'COMPLETED' : 'FAILED',
    source_type: 'CARD',
  };
}
export const cardStatus = (paid: boolean) => (paid ? 'CAPTURED' : 'FAILED');

function template(overrides: Partial<CardTemplate> & Pick<CardTemplate, 'outcome'>): CardTemplate {
  return {
    brand: 'VISA',
    last4: '1111',
    bin: '411111',
    expMonth: 12,
    expYear: inTwoYears(),
    postalCode: '94103',
    declinesCharges: false,
    ...overrides,
  };
}

/**
 * Square sandbox's documented payment tokens (usable as `source_id` any
 * number of times), and the stand-in's own two:
 * - `cnon:stand-in-charge-declined` saves a Visa ending 0341 whose later charges are declined;
 * - `cnon:stand-in-server-error` makes Square answer 500, as an outage would.
 */
export const knownTokens: Record<string, () => CardTemplate> = {
  'cnon:card-nonce-ok': () => template({ outcome: { kind: 'ok' } }),
  'cnon:card-nonce-declined': () => template({ outcome: declines.card }),
  'cnon:card-nonce-rejected-cvv': () => template({ outcome: declines.cvv }),
  'cnon:card-nonce-rejected-postalcode': () => template({ outcome: declines.postalCode }),
  'cnon:card-nonce-rejected-expiration': () => template({ outcome: declines.expiration }),
  'cnon:card-nonce-already-used': () => template({ outcome: { kind: 'token-used' } }),
  'cnon:stand-in-charge-declined': () =>
    template({ last4: '0341', bin: '400000', outcome: { kind: 'ok' }, declinesCharges: true }),
  'cnon:stand-in-server-error': () => template({ outcome: { kind: 'server-error' } }),
};

/** The test form's cards (README): the number decides what happens. */
export const testCards = {
  ok: '4111 1111 1111 1111',
  declined: '4000 0000 0000 0002',
  declinesCharges: '4000 0000 0000 0341',
} as const;

const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

/** The brand Square would report for a card number (by its leading digits). */
export function brandOf(number: string): string {
  const n = digitsOf(number);
  if (/^4/.test(n)) return 'VISA';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(n)) return 'MASTERCARD';
  if (/^3[47]/.test(n)) return 'AMERICAN_EXPRESS';
  if (/^3(0[0-5]|[68])/.test(n)) return 'DISCOVER_DINERS';
  if (/^(6011|65|64[4-9])/.test(n)) return 'DISCOVER';
  if (/^35/.test(n)) return 'JCB';
  if (/^62/.test(n)) return 'CHINA_UNIONPAY';
  return 'OTHER_BRAND';
}

export function luhnValid(number: string): boolean {
  const n = digitsOf(number);
  if (!/^\d{12,19}$/.test(n)) return false;
  let sum = 0;
  for (let i = 0; i < n.length; i += 1) {
    let digit = Number(n[n.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type CardForm = { number: string; expiry: string; cvv: string; postalCode: string };

/** A field the test form must fix, named as the Web Payments SDK names its fields. */
export type FieldError = { field: 'cardNumber' | 'expirationDate' | 'cvv' | 'postalCode'; message: string };

/**
 * What Square's card form checks in the browser before it makes a token
 * (number, expiry, CVV, postal code), then what the token will do. CVV 911,
 * postal code 99999 and expiry 01/40 are Square's sandbox values for those
 * declines; the declines themselves come when the card is saved, as in the
 * sandbox.
 */
export function tokenize(
  form: CardForm,
  now = new Date(),
): { errors: FieldError[] } | { card: CardTemplate } {
  const errors: FieldError[] = [];
  const number = digitsOf(form.number ?? '');
  if (!luhnValid(number)) errors.push({ field: 'cardNumber', message: 'Card number is not valid.' });

  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.expiry ?? '');
  const month = expiry ? Number(expiry[1]) : Number.NaN;
  const year = expiry ? Number(expiry[2]!.length === 2 ? `20${expiry[2]}` : expiry[2]) : Number.NaN;
  const sandboxBadExpiry = month === 1 && year === 2040;
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  if (!expiry || month < 1 || month > 12 || (!sandboxBadExpiry && year * 12 + month < current)) {
    errors.push({ field: 'expirationDate', message: 'Expiration date is not valid.' });
  }

  const brand = brandOf(number);
  const cvvLength = brand === 'AMERICAN_EXPRESS' ? 4 : 3;
  const cvv = (form.cvv ?? '').trim();
  if (!new RegExp(`^\\d{${cvvLength}}$`).test(cvv)) {
    errors.push({ field: 'cvv', message: `CVV must be ${cvvLength} digits.` });
  }

  const postalCode = (form.postalCode ?? '').trim();
  if (!/^\d{5}(-\d{4})?$/.test(postalCode)) {
    errors.push({ field: 'postalCode', message: 'Postal code must be a 5-digit US ZIP code.' });
  }
  if (errors.length > 0) return { errors };

  let outcome: Outcome = { kind: 'ok' };
  if (number === digitsOf(testCards.declined)) outcome = declines.card;
  else if (cvv === '911') outcome = declines.cvv;
  else if (postalCode.startsWith('99999')) outcome = declines.postalCode;
  else if (sandboxBadExpiry) outcome = declines.expiration;

  return {
    card: {
      brand,
      last4: number.slice(-4),
      bin: number.slice(0, 6),
      expMonth: month,
      expYear: year,
      postalCode,
      outcome,
      declinesCharges: number === digitsOf(testCards.declinesCharges),
    },
  };
}
