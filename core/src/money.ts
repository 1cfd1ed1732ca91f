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

/**
 * '1,234,567': a whole number with en-US thousands separators. Written out
 * rather than with Intl.NumberFormat: a phone's first Intl formatter costs
 * about 25 ms of a cold page load, for what is a regular expression here
 * (decision 047). The tests hold it to Intl's output.
 */
export function groupThousands(whole: number): string {
  if (!Number.isSafeInteger(whole)) throw new RangeError(`Not a whole number: ${whole}`);
  const sign = whole < 0 ? '-' : '';
  return sign + String(Math.abs(whole)).replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * '$1,249.50' for mail and pages (doc 2 §9: two decimals); '-$5.00' below
 * zero. With `wholeDollars`, rounded half away from zero: '$1,250'.
 */
export function formatCents(cents: number, { wholeDollars = false } = {}): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be a whole number, not ${cents}`);
  const abs = Math.abs(cents);
  const amount = wholeDollars
    ? groupThousands(Math.round(abs / 100))
    : `${groupThousands(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
  return `${cents < 0 ? '-' : ''}$${amount}`;
}
