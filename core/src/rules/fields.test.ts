import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  accessNotesProblem,
  addressProblems,
  centsProblem,
  dateLast,
  dateProblem,
  firstProblem,
  isRealDate,
  moneyProblem,
  nameProblem,
  phoneProblem,
  stateProblem,
  textProblem,
  vehicleYearProblem,
  vinProblem,
  zipProblem,
} from './fields';

const today = '2026-11-25';

describe('field rules', () => {
  it('keeps the module free of imports, so the browser can load it', () => {
    const source = readFileSync(new URL('./fields.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^\s*import\s/m);
  });

  it('checks a text: presence when required, length once trimmed, line breaks on one-line fields', () => {
    const rule = { label: 'Vehicle make', max: 5, required: true };
    expect(textProblem('  Ford ', rule)).toBeUndefined();
    expect(textProblem('   ', rule)).toBe('Vehicle make is required.');
    expect(textProblem(undefined, rule)).toBe('Vehicle make is required.');
    expect(textProblem('Toyota', rule)).toBe('Vehicle make must be at most 5 characters.');
    expect(textProblem('Fo\r\nrd', rule)).toBe('Vehicle make cannot contain line breaks.');
    expect(textProblem('', { label: 'Color', max: 5 })).toBeUndefined();
    expect(textProblem('a\nb', { label: 'Notes', max: 5, multiline: true })).toBeUndefined();
  });

  it("says a name's problem in the spec's registration words", () => {
    expect(nameProblem('Ada', 'First name')).toBeUndefined();
    expect(nameProblem(' ', 'First name')).toBe('First name is required');
    expect(nameProblem('x'.repeat(81), 'Last name')).toBe('Last name must be at most 80 characters');
    expect(nameProblem('Ada\nBcc: x', 'First name')).toBe(
      'First name cannot contain line breaks or control characters.',
    );
  });

  it('accepts phone numbers as people write them and nothing else', () => {
    for (const ok of ['(610) 555-0123', '610.555.0123', '+1 610 555 0123', '5550123', ''])
      expect(phoneProblem(ok)).toBeUndefined();
    for (const bad of ['555-012', 'call me', '610-555-0123 x12', '1'.repeat(16), '9'.repeat(31)])
      expect(phoneProblem(bad, 'Customer phone')).toBe(
        'Customer phone must be a phone number such as (610) 555-0123.',
      );
  });

  it('holds the vehicle year to 1900 through next year, typed or sent, with one message', () => {
    const range = 'Vehicle year must be a year from 1900 to 2027.';
    expect(vehicleYearProblem('2019', today)).toBeUndefined();
    expect(vehicleYearProblem(2027, today)).toBeUndefined();
    expect(vehicleYearProblem(1900, today)).toBeUndefined();
    expect(vehicleYearProblem('', today)).toBe('Vehicle year is required.');
    expect(vehicleYearProblem(null, today)).toBe('Vehicle year is required.');
    expect(vehicleYearProblem(Number.NaN, today)).toBe('Vehicle year is required.');
    for (const bad of ['1899', 2028, '20.5', 2019.5, 'abcd', '-2019', '12019'])
      expect(vehicleYearProblem(bad, today)).toBe(range);
  });

  it('checks a VIN in either case, without I, O or Q', () => {
    expect(vinProblem('1hgcm82633a004352')).toBeUndefined();
    expect(vinProblem('')).toBeUndefined();
    for (const bad of ['1HG-CM82', '1HGCM82633A0043521', '1HGO4', 'AB1'])
      expect(vinProblem(bad)).toBe('VIN must be 5 to 17 letters and digits (no I, O or Q).');
  });

  it('checks a ZIP code', () => {
    expect(zipProblem('19380')).toBeUndefined();
    expect(zipProblem('19380-1234')).toBeUndefined();
    expect(zipProblem('')).toBeUndefined();
    expect(zipProblem('1938')).toBe('ZIP code must look like 19380 or 19380-1234.');
  });

  it('checks dollars typed or sent: from 0 to the ceiling, whole cents', () => {
    const invalid = 'Price must be an amount from $0.00 to $1,000.00, in dollars and cents.';
    expect(moneyProblem('49.99', 'Price', 100_000)).toBeUndefined();
    expect(moneyProblem(0.1 + 0.2, 'Price', 100_000)).toBeUndefined();
    expect(moneyProblem(1000, 'Price', 100_000)).toBeUndefined();
    expect(moneyProblem('', 'Price', 100_000)).toBe('Price is required.');
    expect(moneyProblem(undefined, 'Price', 100_000)).toBe('Price is required.');
    for (const bad of ['4.999', 4.999, -1, '-1', '1e3', 1000.01, Number.POSITIVE_INFINITY, 'abc'])
      expect(moneyProblem(bad, 'Price', 100_000)).toBe(invalid);
  });

  it('checks cents as core takes them', () => {
    expect(centsProblem(4999, 'Price', 10_000)).toBeUndefined();
    expect(centsProblem(49.5, 'Price', 10_000)).toBe(
      'Price must be a whole number of cents from 0 to 10000.',
    );
    expect(centsProblem(-1, 'Price', 10_000)).toBeDefined();
    expect(centsProblem(10_001, 'Price', 10_000)).toBeDefined();
  });

  it('answers the first problem of several checks', () => {
    expect(
      firstProblem(
        () => undefined,
        () => 'second',
        () => 'third',
      ),
    ).toBe('second');
    expect(firstProblem(() => undefined)).toBeUndefined();
  });

  it('checks a service address: each field with its rule and one message (issue 20)', () => {
    const good = { street: '12 W Market St', city: 'West Chester', state: 'pa', zipCode: '19382-1234' };
    expect(addressProblems(good)).toEqual({});
    expect(addressProblems({})).toEqual({
      street: 'Street is required.',
      city: 'City is required.',
      state: 'State is required.',
      zipCode: 'ZIP code is required.',
    });
    expect(
      addressProblems({
        ...good,
        street: 'x'.repeat(121),
        unit: 'A\nB',
        city: 'x'.repeat(81),
        state: 'ZZ',
        zipCode: '1938',
        accessNotes: 'x'.repeat(501),
      }),
    ).toEqual({
      street: 'Street must be at most 120 characters.',
      unit: 'Unit cannot contain line breaks.',
      city: 'City must be at most 80 characters.',
      state: 'State must be a US state code such as PA.',
      zipCode: 'ZIP code must look like 19380 or 19380-1234.',
      accessNotes: 'Access notes must be at most 500 characters.',
    });
    expect(stateProblem(' dc ')).toBeUndefined();
    expect(accessNotesProblem('Gate 4321\r\nBlue car by the barn')).toBeUndefined();
    expect(accessNotesProblem('Gate\u0007')).toBe('Access notes cannot contain control characters.');
    expect(accessNotesProblem(undefined)).toBeUndefined();
  });
});

describe('the date rule (issue 30, decision 099)', () => {
  it('takes real dates from 2000-01-01 to December 31 ten years on', () => {
    expect(dateLast(today)).toBe('2036-12-31');
    for (const date of ['2000-01-01', '2026-11-25', '2028-02-29', '2036-12-31'])
      expect(dateProblem(date, today), date).toBeUndefined();
  });

  it('refuses real dates outside the range, with the range in the message', () => {
    for (const date of ['9999-12-31', '9999-12-25', '0001-01-01', '1999-12-31', '2037-01-01'])
      expect(dateProblem(date, today), date).toBe('Dates must be from 2000-01-01 to 2036-12-31.');
  });

  it("refuses what is not a real date with the field's own wording", () => {
    for (const date of [
      '2026-02-29',
      '2026-13-01',
      '2026-1-1',
      '',
      ' 2026-11-25',
      20261125,
      null,
      '10000-01-01',
    ])
      expect(dateProblem(date, today, 'Days off must be dates written yyyy-MM-dd.'), String(date)).toBe(
        'Days off must be dates written yyyy-MM-dd.',
      );
    expect(dateProblem('2026-02-30', today)).toBe('Date must be a real date written yyyy-MM-dd.');
  });

  it('knows leap years of every century, and years before 100', () => {
    expect(isRealDate('2000-02-29')).toBe(true);
    expect(isRealDate('2100-02-29')).toBe(false);
    expect(isRealDate('0004-02-29')).toBe(true);
    expect(isRealDate('0099-12-31')).toBe(true);
  });
});
