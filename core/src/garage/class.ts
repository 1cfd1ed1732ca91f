import type { VehicleClass } from './model';

/**
 * The vehicle class suggested by vPIC's body class (issue 34, decision 121): a
 * pure mapping the server answers with the VIN decode and the form shows as
 * the default choice. The customer's choice is what counts; an unknown body
 * class suggests nothing.
 */
const RULES: readonly [RegExp, VehicleClass][] = [
  [/pickup|truck|cab chassis|incomplete/i, 'truck'],
  [/van|bus/i, 'van'],
  [/sport utility|suv|crossover|cuv|multi-purpose|mpv/i, 'suv'],
  [/coupe|hatchback|convertible|cabriolet|roadster/i, 'compact'],
  [/sedan|saloon|wagon|limousine/i, 'sedan'],
];

export function suggestedClass(bodyClass: string | null | undefined): VehicleClass | undefined {
  const text = (bodyClass ?? '').trim();
  if (!text) return undefined;
  return RULES.find(([pattern]) => pattern.test(text))?.[1];
}
