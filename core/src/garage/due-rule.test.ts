import { describe, expect, it } from 'vitest';
import * as time from '../time';
import {
  DueRule,
  dueRuleMessages,
  firstTouchAt,
  intoDaytime,
  milesPerDay,
  nextDue,
  secondTouchAt,
} from './due-rule';

const daytime = { start: '09:00', end: '20:00' };
const reading = (miles: number, at: string) => ({ miles, at, source: 'customer' as const });

describe('the due rule', () => {
  it('needs days, miles or both, within bounds, and reminds 14 days ahead unless told', () => {
    expect(DueRule.safeParse({}).error?.issues[0]?.message).toBe(dueRuleMessages.empty);
    expect(DueRule.safeParse({ everyDays: 0 }).error?.issues[0]?.message).toBe(dueRuleMessages.days);
    expect(DueRule.safeParse({ everyMiles: 50 }).error?.issues[0]?.message).toBe(dueRuleMessages.miles);
    expect(DueRule.parse({ everyMiles: 5000 })).toEqual({ everyMiles: 5000, remindDaysAhead: 14 });
  });

  it('is due after the days when they come before the miles', () => {
    const due = nextDue({ everyDays: 180, everyMiles: 5000 }, '2026-01-10', {
      miles: 40_000,
      perDay: 10,
      source: 'readings',
    });
    expect(due).toEqual({
      dueDate: '2026-07-09',
      dueMiles: 45_000,
      by: 'days',
      milesPerDay: 10,
      estimate: 'readings',
    });
  });

  it('is due when the miles are driven when they come first, as an estimate', () => {
    const due = nextDue({ everyDays: 180, everyMiles: 5000 }, '2026-01-10', {
      perDay: 50,
      source: 'default',
    });
    expect(due).toEqual({ dueDate: '2026-04-20', by: 'miles', milesPerDay: 50, estimate: 'default' });
  });

  it('counts days alone when the rule has no miles (no estimate shown)', () => {
    expect(nextDue({ everyDays: 30 }, '2026-03-01', { perDay: 30, source: 'default' })).toEqual({
      dueDate: '2026-03-31',
      by: 'days',
    });
  });
});

describe('miles a day', () => {
  it('comes from the two newest readings at least a day apart', () => {
    const readings = [
      reading(10_300, '2026-03-11T10:00:00Z'),
      reading(10_290, '2026-03-11T02:00:00Z'),
      reading(10_000, '2026-03-01T10:00:00Z'),
    ];
    expect(milesPerDay(readings, 30)).toEqual({ perDay: 30, source: 'readings' });
    expect(
      milesPerDay([reading(12_000, '2026-03-11T10:00:00Z'), reading(10_000, '2026-03-01T10:00:00Z')], 5),
    ).toEqual({
      perDay: 200,
      source: 'readings',
    });
  });

  it('is the default with one reading, readings the same day, or miles that did not rise', () => {
    expect(milesPerDay([], 30)).toEqual({ perDay: 30, source: 'default' });
    expect(milesPerDay([reading(10, '2026-03-01T10:00:00Z')], 30).source).toBe('default');
    expect(
      milesPerDay([reading(20, '2026-03-01T11:00:00Z'), reading(10, '2026-03-01T10:00:00Z')], 30).source,
    ).toBe('default');
    expect(
      milesPerDay([reading(10, '2026-03-05T10:00:00Z'), reading(20, '2026-03-01T10:00:00Z')], 30).source,
    ).toBe('default');
  });
});

describe('daytime', () => {
  const at = (date: string, clock: string) => new Date(time.instantOf(date, clock));

  it('keeps a time inside the window', () => {
    expect(intoDaytime(at('2026-03-10', '09:00'), daytime)).toEqual(at('2026-03-10', '09:00'));
    expect(intoDaytime(at('2026-03-10', '19:59'), daytime)).toEqual(at('2026-03-10', '19:59'));
  });

  it('moves a time before the window to that morning, and after it to the next morning (business zone)', () => {
    expect(intoDaytime(at('2026-03-10', '03:00'), daytime)).toEqual(at('2026-03-10', '09:00'));
    expect(intoDaytime(at('2026-03-10', '20:00'), daytime)).toEqual(at('2026-03-11', '09:00'));
    // 01:00 UTC is the evening before in New York.
    expect(intoDaytime(new Date('2026-07-02T01:00:00Z'), daytime)).toEqual(at('2026-07-02', '09:00'));
  });

  it('sends the first notice the days ahead in the morning and the second on the due date, each in daytime', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    const first = firstTouchAt('2026-04-20', 14, now, daytime);
    expect(first).toBe(time.instantOf('2026-04-06', '09:00'));
    expect(secondTouchAt('2026-04-20', first, daytime)).toBe(time.instantOf('2026-04-20', '09:00'));
    // Already inside the days ahead: now (moved into daytime).
    const late = new Date(time.instantOf('2026-04-15', '22:30'));
    expect(firstTouchAt('2026-04-20', 14, late, daytime)).toBe(time.instantOf('2026-04-16', '09:00'));
    // A first notice less than a day before the due date is the only one.
    expect(secondTouchAt('2026-04-20', time.instantOf('2026-04-19', '10:00'), daytime)).toBeUndefined();
    expect(secondTouchAt('2026-04-20', time.instantOf('2026-04-22', '10:00'), daytime)).toBeUndefined();
  });
});
