import { describe, expect, it } from 'vitest';
import { everyDate, recurringDates, splitList } from './recurrence';

describe('recurringDates', () => {
  it('repeats weekly, daily and monthly up to the end date, inclusive', () => {
    expect(recurringDates('2027-03-01', '2027-03-22', 'weekly')).toEqual([
      '2027-03-01',
      '2027-03-08',
      '2027-03-15',
      '2027-03-22',
    ]);
    expect(recurringDates('2027-02-27', '2027-03-02', 'daily')).toEqual([
      '2027-02-27',
      '2027-02-28',
      '2027-03-01',
      '2027-03-02',
    ]);
    expect(recurringDates('2027-01-15', '2027-04-14', 'monthly')).toEqual([
      '2027-01-15',
      '2027-02-15',
      '2027-03-15',
    ]);
  });

  it('puts the 31st on the last day of a shorter month and comes back to the 31st', () => {
    expect(recurringDates('2027-01-31', '2027-06-30', 'monthly')).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
    ]);
    // A leap year's February.
    expect(recurringDates('2027-12-31', '2028-02-29', 'monthly')).toEqual([
      '2027-12-31',
      '2028-01-31',
      '2028-02-29',
    ]);
    expect(recurringDates('2027-01-30', '2027-03-30', 'monthly')).toEqual([
      '2027-01-30',
      '2027-02-28',
      '2027-03-30',
    ]);
  });

  it('crosses a year end, gives nothing for an end before the start, and stops at the limit', () => {
    expect(recurringDates('2027-11-30', '2028-01-31', 'monthly')).toEqual([
      '2027-11-30',
      '2027-12-30',
      '2028-01-30',
    ]);
    expect(recurringDates('2027-03-02', '2027-03-01', 'daily')).toEqual([]);
    expect(recurringDates('2027-01-01', '2030-01-01', 'daily', 5)).toHaveLength(5);
  });

  it('expands a range to every day', () => {
    expect(everyDate('2027-12-30', '2028-01-02')).toEqual([
      '2027-12-30',
      '2027-12-31',
      '2028-01-01',
      '2028-01-02',
    ]);
  });
});

describe('splitList', () => {
  it('trims the entries and drops the empty ones', () => {
    expect(splitList(' 09:00, 13:30 ,,  ,16:00,')).toEqual(['09:00', '13:30', '16:00']);
    expect(splitList('   ')).toEqual([]);
  });
});
