import { moneyProblem } from '../rules/fields';
import { describe, expect, it } from 'vitest';
import {
  appendStatusChange,
  BOOKING_STATUSES,
  CUSTOM_BOOKING_TIMES,
  isAdminDuration,
  CUSTOM_PRICE_MAX,
  STATUS_HISTORY_LIMIT,
  type StatusChange,
  statusMail,
} from './rules';

const change = (i: number): StatusChange => ({
  from: i === 0 ? null : 'Pending',
  to: 'Confirmed',
  by: { _id: null, name: `n${i}`, role: 'system' },
  at: new Date(1_700_000_000_000 + i).toISOString(),
});

describe('the desk rules (doc 2 §5, §9)', () => {
  it('offers 09:00 to 17:30 every 30 minutes', () => {
    expect(CUSTOM_BOOKING_TIMES).toHaveLength(18);
    expect(CUSTOM_BOOKING_TIMES[0]).toBe('09:00');
    expect(CUSTOM_BOOKING_TIMES[1]).toBe('09:30');
    expect(CUSTOM_BOOKING_TIMES.at(-1)).toBe('17:30');
    expect(CUSTOM_BOOKING_TIMES).not.toContain('18:00');
  });

  it('durations: at least 15, steps of 15, whole minutes, at most 12 hours', () => {
    expect([15, 30, 60, 720].map(isAdminDuration)).toEqual([true, true, true, true]);
    expect([0, 10, 20, 59, 735, 15.5, Number.NaN].map(isAdminDuration)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('custom prices: 0 or more, whole cents, through the money rule', () => {
    const price = (dollars: number) =>
      moneyProblem(dollars, 'Custom price', CUSTOM_PRICE_MAX * 100) === undefined;
    expect([0, 0.01, 89.5, 199.99, 100_000].map(price)).toEqual([true, true, true, true, true]);
    expect([-0.01, 1.005, 100_000.01, Number.POSITIVE_INFINITY, Number.NaN].map(price)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('the audit trail keeps the creation entry and the newest changes', () => {
    let history: StatusChange[] = [];
    for (let i = 0; i < STATUS_HISTORY_LIMIT + 25; i += 1) history = appendStatusChange(history, change(i));
    expect(history).toHaveLength(STATUS_HISTORY_LIMIT);
    expect(history[0]?.by.name).toBe('n0');
    expect(history[1]?.by.name).toBe('n26');
    expect(history.at(-1)?.by.name).toBe(`n${STATUS_HISTORY_LIMIT + 24}`);
  });
});

describe('which status changes by the shop mail the customer (decision 027)', () => {
  it('confirmations, cancellations, reinstatements and the receipt; never corrections', () => {
    expect(statusMail('Pending', 'Confirmed')).toBe('confirmed');
    expect(statusMail('Pending Verification', 'Confirmed')).toBe('confirmed');
    expect(statusMail('Cancelled', 'Confirmed')).toBe('confirmed');
    expect(statusMail('Confirmed', 'Cancelled')).toBe('cancelled');
    expect(statusMail('Pending Customer Verification', 'Cancelled')).toBe('cancelled');
    expect(statusMail('Cancelled', 'Pending')).toBe('reinstated');
    expect(statusMail('Pending', 'Completed')).toBe('receipt');
    expect(statusMail('Cancelled', 'Completed')).toBe('receipt');
    // Completed before and paid: completing again charges nothing and sends nothing.
    expect(statusMail('Confirmed', 'Completed', true)).toBe(null);
    // Corrections.
    expect(statusMail('Completed', 'Confirmed')).toBe(null);
    expect(statusMail('Completed', 'Cancelled')).toBe(null);
    expect(statusMail('Confirmed', 'Pending')).toBe(null);
    expect(statusMail('Pending', 'Pending Verification')).toBe(null);
    expect(statusMail('Cancelled', 'Pending Customer Verification')).toBe(null);
    for (const status of BOOKING_STATUSES) expect(statusMail(status, status)).toBe(null);
  });
});
