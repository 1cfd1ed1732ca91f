import type { TextRule } from '../rules/fields';

/**
 * The Vehicles form's field rules (issue 34), pure and browser-safe: the
 * server's schema (./input.ts) and the web's validate.ts check the same.
 */
export const garageTextRules = {
  make: { label: 'Make', max: 60, required: true },
  model: { label: 'Model', max: 60, required: true },
  color: { label: 'Color', max: 40 },
  plate: { label: 'Plate', max: 10 },
} as const satisfies Record<string, TextRule>;

/** A mileage reading: a whole number of miles up to this. */
export const MILES_MAX = 2_000_000;

export const mileageMessages = {
  miles: `Mileage must be a whole number of miles from 0 to ${MILES_MAX.toLocaleString('en-US')}.`,
  future: 'The reading’s date cannot be in the future.',
} as const;

/** The miles typed (text) or sent (a number): a problem, or undefined. Blank is not this rule's business. */
export function milesProblem(value: string | number | null | undefined): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const miles = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(miles) && miles >= 0 && miles <= MILES_MAX ? undefined : mileageMessages.miles;
}
