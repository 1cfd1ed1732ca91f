import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as z from 'zod';
import { vehicleYearProblem } from './fields';
import {
  cents,
  dollars,
  line,
  optionalLine,
  optionalVin,
  optionalZip,
  personName,
  phone,
  vehicleYear,
} from './schema';

/** The messages a schema gives for `value`, or the parsed value. */
function run(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? { value: result.data } : { messages: result.error.issues.map((i) => i.message) };
}

afterEach(() => vi.useRealTimers());

describe('zod schemas from the field rules', () => {
  it('trims texts and reports the rule’s own message', () => {
    expect(run(line('Vehicle make', 10), '  Ford ')).toEqual({ value: 'Ford' });
    expect(run(line('Vehicle make', 10), ' ')).toEqual({ messages: ['Vehicle make is required.'] });
    expect(run(line('Vehicle make', 10), undefined)).toEqual({ messages: ['Vehicle make is required.'] });
    expect(run(optionalLine('Color', 10), undefined)).toEqual({ value: '' });
    expect(run(optionalLine('Color', 10), ' ')).toEqual({ value: '' });
    expect(run(optionalLine('Color', 10), null)).toEqual({ messages: ['Color must be text.'] });
    expect(run(optionalLine('Color', 3), 'Blue')).toEqual({
      messages: ['Color must be at most 3 characters.'],
    });
  });

  it('gives names the spec’s texts', () => {
    expect(run(personName('First name'), '')).toEqual({ messages: ['First name is required'] });
    expect(run(personName('First name'), 3)).toEqual({ messages: ['First name is required'] });
    expect(run(personName('First name'), ' Ada ')).toEqual({ value: 'Ada' });
  });

  it('checks phone, VIN and ZIP as the forms do', () => {
    expect(run(phone('Customer phone'), '610 555 0123')).toEqual({ value: '610 555 0123' });
    expect(run(phone('Customer phone'), 'call me')).toEqual({
      messages: ['Customer phone must be a phone number such as (610) 555-0123.'],
    });
    expect(run(optionalVin(), '1hgcm82633a004352')).toEqual({ value: '1HGCM82633A004352' });
    expect(run(optionalVin(), undefined)).toEqual({ value: '' });
    expect(run(optionalZip(), '1938')).toEqual({
      messages: ['ZIP code must look like 19380 or 19380-1234.'],
    });
  });

  it('takes the vehicle year as a number or its text, against today in the business zone', () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T15:00:00Z'), toFake: ['Date'] });
    expect(run(vehicleYear(), '2019')).toEqual({ value: 2019 });
    expect(run(vehicleYear(), 2027)).toEqual({ value: 2027 });
    expect(run(vehicleYear(), 2028)).toEqual({ messages: [vehicleYearProblem(2028, '2026-11-25')] });
    expect(run(vehicleYear(), undefined)).toEqual({ messages: ['Vehicle year is required.'] });
    expect(run(vehicleYear(), { year: 2019 })).toEqual({ messages: ['Vehicle year is required.'] });
  });

  it('takes dollars at the edge and whole cents in core', () => {
    expect(run(dollars('Price', 100_000), '49.99')).toEqual({ value: 49.99 });
    expect(run(dollars('Price', 100_000), 12)).toEqual({ value: 12 });
    expect(run(dollars('Price', 100_000), true)).toEqual({
      messages: ['Price must be an amount from $0.00 to $1,000.00, in dollars and cents.'],
    });
    expect(run(cents('Price', 100), 99)).toEqual({ value: 99 });
    expect(run(cents('Price', 100), 9.5)).toEqual({
      messages: ['Price must be a whole number of cents from 0 to 100.'],
    });
  });
});
