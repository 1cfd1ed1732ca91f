import { describe, expect, it } from 'vitest';
import { DIRECTIONS_BASE, directionsUrl, oneLine } from './format';

const home = { street: '12 W Market St', unit: 'Apt 4', city: 'West Chester', state: 'PA', zipCode: '19382' };

describe('the one-line form', () => {
  it('street, unit, city, then state and ZIP', () => {
    expect(oneLine(home)).toBe('12 W Market St, Apt 4, West Chester, PA 19382');
  });
  it('leaves out a blank unit and folds stray white space', () => {
    expect(oneLine({ ...home, unit: '  ', street: ' 12  W\tMarket St ' })).toBe(
      '12 W Market St, West Chester, PA 19382',
    );
    expect(oneLine({ ...home, unit: null })).toBe('12 W Market St, West Chester, PA 19382');
  });
});

describe('the Directions link', () => {
  it('is the maps URL with the one-line address encoded as one parameter', () => {
    const url = directionsUrl({ ...home, street: '12 W Market St #3 & Co' });
    expect(url.startsWith(DIRECTIONS_BASE)).toBe(true);
    expect(new URL(url).searchParams.get('destination')).toBe(
      '12 W Market St #3 & Co, Apt 4, West Chester, PA 19382',
    );
    expect(new URL(url).searchParams.get('api')).toBe('1');
    expect(url).not.toMatch(/\s|#/);
  });
});
