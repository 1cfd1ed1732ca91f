/**
 * A garage vehicle's VIN (issue 34, decision 121): the 17 characters every
 * vehicle since 1981 carries, without I, O and Q, whose ninth character is
 * the check digit of the others (49 CFR 565). Pure and browser-safe: the
 * Vehicles form and the server use the same rule. Blank is allowed (a VIN is
 * optional); an older vehicle's shorter number is left out.
 */

export const VIN_LENGTH = 17;

export const vinMessages = {
  shape: 'A VIN has 17 letters and digits (no I, O or Q).',
  checkDigit: 'This VIN does not add up (its 9th character is the check digit). Please check it.',
} as const;

const VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
}; // prettier-ignore
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The VIN as kept: trimmed, upper case. */
export const normalVin = (value: string | null | undefined): string => (value ?? '').trim().toUpperCase();

/** The check digit (0-9 or X) the other 16 characters of a 17-character VIN give. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i += 1) {
    const ch = vin[i] ?? '';
    const value = /\d/.test(ch) ? Number(ch) : (VALUES[ch] ?? 0);
    sum += value * (WEIGHTS[i] ?? 0);
  }
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

/** The VIN's problem, or undefined when it is blank or a valid 17-character VIN. */
export function garageVinProblem(value: string | null | undefined): string | undefined {
  const vin = normalVin(value);
  if (!vin) return undefined;
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) return vinMessages.shape;
  return vin[8] === vinCheckDigit(vin) ? undefined : vinMessages.checkDigit;
}
