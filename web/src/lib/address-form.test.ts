import { describe, expect, it } from 'vitest';
import { westChesterHome } from '../../../tests/address-fixtures';
import { ADDRESS_LIMITS, addressBody, addressFieldsOf, emptyAddress, validateAddress } from './address-form';

const home = { ...westChesterHome };
const problems = (overrides: Partial<typeof home>) =>
  Object.fromEntries(Object.entries(validateAddress({ ...home, ...overrides })).filter(([, m]) => m));

describe('the service address form (issue 20)', () => {
  it('accepts a complete address, with or without unit and access notes', () => {
    expect(problems({})).toEqual({});
    expect(
      problems({ unit: 'Apt 4', accessNotes: 'Gate code 1234, blue door', zipCode: '19380-1234' }),
    ).toEqual({});
  });

  it('requires street, city, state and ZIP, with core’s messages', () => {
    expect(problems({ street: ' ', city: '', state: '', zipCode: '' })).toEqual({
      street: 'Street is required.',
      city: 'City is required.',
      state: 'State is required.',
      zipCode: 'ZIP code is required.',
    });
  });

  it('takes a two-letter state and a five-digit (or ZIP+4) ZIP', () => {
    expect(problems({ state: 'Penn' })).toHaveProperty('state');
    expect(problems({ state: 'ZZ' })).toEqual({ state: 'State must be a US state code such as PA.' });
    expect(problems({ state: 'pa' })).toEqual({});
    expect(problems({ zipCode: '1938' })).toEqual({
      zipCode: 'ZIP code must look like 19380 or 19380-1234.',
    });
  });

  it('refuses line breaks in one-line fields and texts over core’s limits', () => {
    expect(problems({ street: '12 Gay St\nBcc: x' })).toHaveProperty('street');
    expect(problems({ accessNotes: 'x'.repeat(ADDRESS_LIMITS.accessNotes + 1) })).toHaveProperty(
      'accessNotes',
    );
    expect(problems({ accessNotes: 'x'.repeat(ADDRESS_LIMITS.accessNotes) })).toEqual({});
  });

  it('sends the fields trimmed, the state in capitals', () => {
    expect(addressBody({ ...home, street: ' 12 Gay St ', state: 'pa ', accessNotes: ' gate ' })).toEqual({
      ...home,
      accessNotes: 'gate',
    });
  });

  it('reads a saved address (null fields blank) into the form', () => {
    expect(addressFieldsOf(null)).toEqual(emptyAddress());
    expect(addressFieldsOf({ ...home, unit: null })).toEqual(home);
  });
});
