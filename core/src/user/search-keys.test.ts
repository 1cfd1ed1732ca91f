import { describe, expect, it } from 'vitest';
import {
  firstMatchingKind,
  normaliseText,
  queryPrefixes,
  searchIndexEntries,
  searchKeysOf,
} from './search-keys';

describe('customer search keys (decision 061)', () => {
  it('normalises case, accents and spaces the same way for keys and queries', () => {
    expect(normaliseText('  José   NÚÑEZ ')).toBe('jose nunez');
    expect(normaliseText('Zoë\tO’Brien')).toBe('zoe o’brien');
    expect(normaliseText('ＡＢＣ')).toBe('abc');
    expect(normaliseText('   ')).toBe('');
  });

  it("gives an account's key of each kind, and no phone key without a phone", () => {
    const account = {
      firstName: 'Amy',
      lastName: 'De Souza',
      email: 'Amy@Example.com',
      phone: '(610) 555-0199',
    };
    expect(searchKeysOf(account)).toEqual({
      name: 'amy de souza',
      lastName: 'de souza',
      email: 'amy@example.com',
      phone: '6105550199',
    });
    expect(searchKeysOf({ ...account, phone: undefined }).phone).toBeUndefined();
    expect(searchKeysOf({ ...account, phone: '' }).phone).toBeUndefined();
  });

  it('looks in the phone kind only for a query that is a phone number of three or more digits', () => {
    expect(queryPrefixes('(610) 555-01')).toEqual({
      name: '(610) 555-01',
      lastName: '(610) 555-01',
      email: '(610) 555-01',
      phone: '61055501',
    });
    expect(queryPrefixes('+1 610.555').phone).toBe('1610555');
    expect(queryPrefixes('61').phone).toBeUndefined();
    expect(queryPrefixes('amy 610').phone).toBeUndefined();
    expect(queryPrefixes('  ')).toEqual({
      name: undefined,
      lastName: undefined,
      email: undefined,
      phone: undefined,
    });
  });

  it('names the first kind an account matches in, so each is listed once', () => {
    const amy = { firstName: 'Amy', lastName: 'Amos', email: 'amy@example.com', phone: '610 555 0199' };
    expect(firstMatchingKind(amy, queryPrefixes('am'))).toBe('name');
    expect(firstMatchingKind(amy, queryPrefixes('AMOS'))).toBe('lastName');
    expect(firstMatchingKind(amy, queryPrefixes('amy@'))).toBe('email');
    expect(firstMatchingKind(amy, queryPrefixes('610-555'))).toBe('phone');
    expect(firstMatchingKind(amy, queryPrefixes('555'))).toBeUndefined();
    expect(firstMatchingKind(amy, queryPrefixes('bob'))).toBeUndefined();
  });

  it('gives customers index entries, the key then the id, and admins none', () => {
    const customer = { id: 'u1', role: 'user', firstName: 'Amy', lastName: 'Amos', email: 'a@x.io' };
    expect(searchIndexEntries.customerName(customer)).toEqual({ pk: 'CUSTOMER', sk: 'amy amos#u1' });
    expect(searchIndexEntries.customerLastName(customer)).toEqual({ pk: 'CUSTOMER', sk: 'amos#u1' });
    expect(searchIndexEntries.customerEmail(customer)).toEqual({ pk: 'CUSTOMER', sk: 'a@x.io#u1' });
    expect(searchIndexEntries.customerPhone(customer)).toBeUndefined();
    const admin = { ...customer, role: 'admin', phone: '6105550199' };
    for (const entry of Object.values(searchIndexEntries)) expect(entry(admin)).toBeUndefined();
  });
});
