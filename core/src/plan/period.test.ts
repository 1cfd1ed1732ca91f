import { describe, expect, it } from 'vitest';
import { anchorDayOf, MAX_KEY_LENGTH, monthsBetween, periodChargeKey, periodStartAfter } from './period';

describe("a monthly plan's period starts (decision 132)", () => {
  it('one month on, on the anchor day', () => {
    expect(periodStartAfter('2026-11-15', 15)).toBe('2026-12-15');
    expect(periodStartAfter('2026-12-15', 15)).toBe('2027-01-15');
  });

  it("the 31st falls on a shorter month's last day, and comes back to the 31st after it", () => {
    const anchor = anchorDayOf('2027-01-31');
    const starts = ['2027-01-31'];
    for (let i = 0; i < 4; i += 1) starts.push(periodStartAfter(starts.at(-1)!, anchor));
    expect(starts).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
  });

  it('a leap year gives February its 29th; the 30th lands on the 28th otherwise', () => {
    expect(periodStartAfter('2028-01-31', 31)).toBe('2028-02-29');
    expect(periodStartAfter('2027-01-30', 30)).toBe('2027-02-28');
    expect(periodStartAfter('2027-02-28', 30)).toBe('2027-03-30');
  });

  it('months between two starts', () => {
    expect(monthsBetween('2026-11-30', '2027-02-28')).toBe(3);
    expect(monthsBetween('2026-11-30', '2026-11-30')).toBe(0);
  });
});

describe("a period's idempotency key (decision 132)", () => {
  const enrolment = 'enr_01JDZ8Y3Q4W5E6R7T8Y9U0I1O2';

  it('one key a period, the same however often asked; another period, another key', () => {
    expect(periodChargeKey(enrolment, '2026-12-01')).toBe('plan-01JDZ8Y3Q4W5E6R7T8Y9U0I1O2-20261201');
    expect(periodChargeKey(enrolment, '2026-12-01')).toBe(periodChargeKey(enrolment, '2026-12-01', 1));
    expect(periodChargeKey(enrolment, '2027-01-01')).not.toBe(periodChargeKey(enrolment, '2026-12-01'));
  });

  it("each retry its own key (Square keeps a decline for its key), within Square's 45 characters", () => {
    const keys = [1, 2, 3, 4, 12].map((n) => periodChargeKey(enrolment, '2026-12-01', n));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys[1]).toBe('plan-01JDZ8Y3Q4W5E6R7T8Y9U0I1O2-20261201-a2');
    for (const key of keys) expect(key.length).toBeLessThanOrEqual(MAX_KEY_LENGTH);
  });
});
