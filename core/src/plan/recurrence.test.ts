import { describe, expect, it } from 'vitest';
import { instantOf } from '../time';
import { firstVisit, nextVisits, occurrences, ruleOf, ruleProblem } from './recurrence';

describe('plan recurrence', () => {
  it('writes the RRULE of each cadence and accepts it', () => {
    const rules = [
      ruleOf({ kind: 'weekly', interval: 4, days: ['SA'] }),
      ruleOf({ kind: 'weekly', interval: 2, days: ['MO', 'TH'] }),
      ruleOf({ kind: 'monthly', interval: 6, monthDay: 31 }),
      ruleOf({ kind: 'monthly', interval: 1, nth: 5, day: 'SA' }),
    ];
    expect(rules).toEqual([
      'FREQ=WEEKLY;INTERVAL=4;BYDAY=SA',
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH',
      'FREQ=MONTHLY;INTERVAL=6;BYMONTHDAY=31',
      'FREQ=MONTHLY;INTERVAL=1;BYDAY=5SA',
    ]);
    for (const rule of rules) expect(ruleProblem(rule)).toBeUndefined();
  });

  it('refuses what is not a plan cadence', () => {
    for (const rule of [
      '',
      'FREQ=DAILY;INTERVAL=1',
      'FREQ=WEEKLY;INTERVAL=0;BYDAY=SA',
      'FREQ=WEEKLY;INTERVAL=1',
      'FREQ=WEEKLY;INTERVAL=1;BYDAY=XX',
      'FREQ=WEEKLY;INTERVAL=1;BYDAY=SA;COUNT=3',
      'FREQ=MONTHLY;INTERVAL=13;BYMONTHDAY=1',
      'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=32',
      'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=1;BYDAY=1SA',
      'FREQ=MONTHLY;INTERVAL=1;BYDAY=6SA',
    ]) {
      expect(ruleProblem(rule), rule).toBeDefined();
    }
  });

  it('places a four-weekly visit across the spring and fall DST changes at the same clock time', () => {
    const dates = occurrences('FREQ=WEEKLY;INTERVAL=4;BYDAY=SA', '2026-02-14', {
      from: '2026-02-14',
      through: '2026-12-31',
    });
    expect(dates.slice(0, 4)).toEqual(['2026-02-14', '2026-03-14', '2026-04-11', '2026-05-09']);
    // 09:00 in New York is 14:00 UTC before March 8 and 13:00 UTC after; back to 14:00 after November 1.
    expect(instantOf('2026-02-14', '09:00')).toBe('2026-02-14T14:00:00.000Z');
    expect(instantOf('2026-03-14', '09:00')).toBe('2026-03-14T13:00:00.000Z');
    expect(dates).toContain('2026-10-24');
    expect(dates).toContain('2026-11-21');
    expect(instantOf('2026-11-21', '09:00')).toBe('2026-11-21T14:00:00.000Z');
    // Every four weeks exactly: 28 calendar days apart, whatever the clocks did.
    for (let i = 1; i < dates.length; i += 1) {
      expect(Date.parse(dates[i]!) - Date.parse(dates[i - 1]!)).toBe(28 * 86_400_000);
    }
  });

  it('keeps to the 31st only in months that have one, and the last day with -1', () => {
    const window = { from: '2026-01-01', through: '2026-06-30' };
    expect(occurrences('FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=31', '2026-01-15', window)).toEqual([
      '2026-01-31',
      '2026-03-31',
      '2026-05-31',
    ]);
    expect(occurrences('FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=-1', '2026-01-15', window)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
    ]);
  });

  it('the fifth Saturday comes only in months that have five', () => {
    expect(
      occurrences('FREQ=MONTHLY;INTERVAL=1;BYDAY=5SA', '2026-01-01', {
        from: '2026-01-01',
        through: '2026-12-31',
      }),
    ).toEqual(['2026-01-31', '2026-05-30', '2026-08-29', '2026-10-31']);
  });

  it('the first visit is the first occurrence on or after the chosen date; skipped dates are left out', () => {
    expect(firstVisit('FREQ=WEEKLY;INTERVAL=4;BYDAY=SA', '2026-03-04')).toBe('2026-03-07');
    expect(firstVisit('FREQ=WEEKLY;INTERVAL=4;BYDAY=SA', '2026-03-07')).toBe('2026-03-07');
    expect(
      nextVisits('FREQ=WEEKLY;INTERVAL=4;BYDAY=SA', '2026-03-07', '2026-03-07', 3, ['2026-04-04']),
    ).toEqual(['2026-03-07', '2026-05-02', '2026-05-30']);
    expect(
      occurrences('FREQ=WEEKLY;INTERVAL=1;BYDAY=SA', '2026-03-07', {
        from: '2026-03-07',
        through: '2027-12-31',
        limit: 5,
      }),
    ).toHaveLength(5);
  });
});
