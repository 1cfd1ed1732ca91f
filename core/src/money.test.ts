import { describe, expect, it } from 'vitest';
import { formatCents, toCents, toDollars } from './money';

describe('money', () => {
  it('turns dollars into whole cents without floating-point drift', () => {
    expect(toCents(49.99)).toBe(4999);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(100)).toBe(10000);
    expect(toCents(0)).toBe(0);
    expect(toCents(-2.5)).toBe(-250);
    expect(toCents(1e-7)).toBe(0);
    expect(toCents(12345678.9)).toBe(1234567890);
  });

  it('refuses what is not an amount', () => {
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toDollars(1.5)).toThrow(RangeError);
  });

  it('gives the spec its dollars and the page two decimals', () => {
    expect(toDollars(4999)).toBe(49.99);
    expect(toDollars(toCents(89))).toBe(89);
    expect(formatCents(4900)).toBe('$49.00');
    expect(formatCents(124950)).toBe('$1,249.50');
  });
});
