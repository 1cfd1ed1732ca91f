/**
 * Money. Core works in integer cents; dollars exist only at the API's edge
 * (the spec's clients read and send `price: 49.99`) and on the page. Pure:
 * the server and the browser share it (decision 004).
 */

/** Dollars (as the spec's clients send them) to whole cents, rounded half away from zero. */
export function toCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not an amount of money: ${dollars}`);
  // Shift the decimal point in the number's text, not by multiplying: 1.005 * 100 is 100.49999...
  const [digits = '0', exponent = '0'] = String(Math.abs(dollars)).split('e');
  const cents = Math.round(Number(`${digits}e${Number(exponent) + 2}`));
  return dollars < 0 && cents !== 0 ? -cents : cents;
}

/** Whole cents to the dollars the spec's clients read (49.99). */
export function toDollars(cents: number): number {
  if (!Number.isInteger(cents)) throw new RangeError(`Cents must be a whole number, not ${cents}`);
  return cents / 100;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** '$1,249.50' for mail and pages (doc 2 §9: two decimals). */
export function formatCents(cents: number): string {
  return usd.format(toDollars(cents));
}
