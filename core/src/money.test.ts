import { describe, expect, it } from 'vitest';
import { formatCents, groupThousands, toCents, toDollars } from './money';

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

  it('formats money and counts exactly as Intl.NumberFormat does, without one', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const wholeUsd = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    const grouped = new Intl.NumberFormat('en-US');
    const samples = [0, 1, 5, 49, 50, 99, 100, 150, 999, 1000, 4999, 99_999, 100_000, 123_456_789];
    for (let i = 0; i < 500; i++) samples.push(Math.floor(Math.random() * 10 ** (1 + (i % 12))));
    for (const cents of samples.flatMap((n) => (n === 0 ? [0] : [n, -n]))) {
      expect(formatCents(cents)).toBe(usd.format(cents / 100));
      expect(formatCents(cents, { wholeDollars: true })).toBe(wholeUsd.format(cents / 100));
      expect(groupThousands(cents)).toBe(grouped.format(cents));
    }
    expect(() => formatCents(1.5)).toThrow(RangeError);
    expect(() => groupThousands(Number.NaN)).toThrow(RangeError);
  });
});
