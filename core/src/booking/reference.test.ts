import { describe, expect, it } from 'vitest';
import { createId } from '../util/id';
import { bookingReference } from './reference';

describe('bookingReference (issue 30)', () => {
  it('is the last eight characters of the id, in two groups of four', () => {
    expect(bookingReference('bkg_01KB7Q2M3ZQ8D5VX4T6N9RJ0HC')).toBe('6N9R-J0HC');
  });

  it('is the same every time for one id, and differs between ids', () => {
    const ids = Array.from({ length: 2000 }, () => createId('booking'));
    const refs = ids.map(bookingReference);
    expect(ids.map(bookingReference)).toEqual(refs);
    expect(new Set(refs).size).toBe(ids.length);
    for (const ref of refs) expect(ref).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  });
});
