import { describe, expect, it } from 'vitest';
import { planFiguresOf } from './dashboard';

describe("the revenue section's plan figures (decision 132)", () => {
  const base = { active: 18, pastDue: 2, mrrCents: 98_000, enrolled: 0, cancelled: 0 };

  it('churn: plans cancelled this month over the plans standing at its start', () => {
    // 20 standing now, 2 cancelled, 2 enrolled this month: 20 stood at the start, 2 of them left.
    expect(planFiguresOf({ ...base, enrolled: 2, cancelled: 2 }).churn).toBeCloseTo(0.1);
    expect(planFiguresOf(base).churn).toBe(0);
  });

  it('no churn figure when no plan stood at the month’s start', () => {
    expect(planFiguresOf({ ...base, active: 1, pastDue: 0, enrolled: 1 }).churn).toBeNull();
    expect(planFiguresOf({ active: 0, pastDue: 0, mrrCents: 0, enrolled: 0, cancelled: 0 }).churn).toBeNull();
  });
});
