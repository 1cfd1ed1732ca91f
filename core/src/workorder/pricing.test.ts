import { describe, expect, it } from 'vitest';
import { formatTaxRate, laborLineCents, partLineCents, priceWorkOrder, taxCents } from './pricing';

describe('work-order pricing', () => {
  it('prices nothing as zero', () => {
    expect(priceWorkOrder({ laborItems: [], partItems: [], taxRate: 0.08 }).pricing).toEqual({
      taxRate: 0.08,
      laborSubtotalCents: 0,
      partsSubtotalCents: 0,
      subtotalCents: 0,
      taxAmountCents: 0,
      totalAmountCents: 0,
    });
  });

  it('labor is hours × rate in quarter hours, half a cent rounding up', () => {
    expect(laborLineCents(1.5, 7500)).toBe(11250);
    expect(laborLineCents(0.25, 7501)).toBe(1875); // 1875.25
    expect(laborLineCents(0.5, 7501)).toBe(3751); // 3750.5
    expect(laborLineCents(0.75, 7501)).toBe(5626); // 5625.75
    expect(laborLineCents(0, 7500)).toBe(0);
    expect(() => laborLineCents(0.3, 7500)).toThrow(RangeError);
    expect(() => laborLineCents(-0.25, 7500)).toThrow(RangeError);
  });

  it('parts are a whole quantity × unit price', () => {
    expect(partLineCents(3, 1999)).toBe(5997);
    expect(() => partLineCents(1.5, 1999)).toThrow(RangeError);
    expect(() => partLineCents(1, 19.99)).toThrow(RangeError);
  });

  it('tax at 0, 6 % and 8 %, half a cent rounding up', () => {
    expect(taxCents(12345, 0)).toBe(0);
    expect(taxCents(12345, 0.06)).toBe(741); // 740.7
    expect(taxCents(12345, 0.08)).toBe(988); // 987.6
    expect(taxCents(1025, 0.06)).toBe(62); // 61.5
    expect(taxCents(1024, 0.06)).toBe(61); // 61.44
    expect(() => taxCents(1000, 0.0825)).toThrow(RangeError);
  });

  it('ignores totals sent with the lines and sums many lines exactly', () => {
    const laborItems = Array.from({ length: 40 }, () => ({
      hours: 0.25,
      hourlyRateCents: 3333,
      totalCents: 1,
    }));
    const partItems = Array.from({ length: 60 }, () => ({
      quantity: 3,
      unitPriceCents: 10,
      totalCents: 999999,
    }));
    const priced = priceWorkOrder({ laborItems, partItems, taxRate: 0.08 });
    expect(priced.laborItems[0]?.totalCents).toBe(833); // 833.25
    expect(priced.pricing.laborSubtotalCents).toBe(40 * 833);
    expect(priced.pricing.partsSubtotalCents).toBe(60 * 30);
    expect(priced.pricing.subtotalCents).toBe(33320 + 1800);
    expect(priced.pricing.taxAmountCents).toBe(2810); // 35120 × 0.08 = 2809.6
    expect(priced.pricing.totalAmountCents).toBe(35120 + 2810);
  });

  it('shows the tax rate as a percent with one decimal', () => {
    expect(formatTaxRate(0.08)).toBe('8.0%');
    expect(formatTaxRate(0.06)).toBe('6.0%');
    expect(formatTaxRate(0.0825)).toBe('8.3%');
    expect(formatTaxRate(0)).toBe('0.0%');
  });
});
