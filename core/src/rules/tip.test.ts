import { describe, expect, it } from 'vitest';
import { tipCap, tipFor, tipOfPercent } from './tip';

describe('tips from percents (issue 35, decision 130)', () => {
  it('15, 20 and 25% of the amount before tax, to the cent, half a cent up', () => {
    expect([15, 20, 25].map((p) => tipOfPercent(14999, p))).toEqual([2250, 3000, 3750]);
    // 15% of $291.49 is $43.7235; 15% of $0.10 is 1.5 cents: up to 2.
    expect(tipOfPercent(29149, 15)).toBe(4372);
    expect(tipOfPercent(10, 15)).toBe(2);
    expect(tipOfPercent(3, 15)).toBe(0);
    expect(tipOfPercent(0, 20)).toBe(0);
    expect(tipOfPercent(-100, 20)).toBe(0);
  });

  it('a typed amount: whole cents above 0, at most the cap', () => {
    expect(tipCap(10000, 50)).toBe(5000);
    expect(tipFor({ amountCents: 5000 }, 10000, 50)).toEqual({ cents: 5000 });
    expect(tipFor({ amountCents: 5001 }, 10000, 50)).toEqual({
      refusal: 'A tip can be at most $50.00 for this job.',
    });
    expect(tipFor({ amountCents: 0 }, 10000, 50)).toEqual({ refusal: 'A tip must be more than $0.' });
    expect(tipFor({ amountCents: 1.5 }, 10000, 50)).toEqual({ refusal: 'A tip must be more than $0.' });
  });

  it('nothing charged: no tip to add', () => {
    expect(tipFor({ percent: 20 }, 0, 50)).toEqual({ refusal: 'There is nothing charged to add a tip to.' });
    expect(tipFor({ amountCents: 100 }, 0, 50)).toEqual({
      refusal: 'There is nothing charged to add a tip to.',
    });
  });
});
