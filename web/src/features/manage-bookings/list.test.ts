import { describe, expect, it } from 'vitest';
import { activeBookings, emptyFilters, emptyText, filterQuery, hasFilters, PAGE_SIZE } from './list';
import type { AdminBooking } from './types';

const booking = (id: string, overrides: Partial<AdminBooking> = {}): AdminBooking =>
  ({ _id: id, status: 'Pending', date: '2026-03-09', time: '09:00', ...overrides }) as AdminBooking;

describe('filterQuery', () => {
  it('sends only the non-empty filters, trimmed', () => {
    expect(filterQuery(emptyFilters)).toEqual({});
    expect(
      filterQuery({ ...emptyFilters, customerName: '  Casey ', year: '', make: 'Honda', model: 'Civic' }),
    ).toEqual({
      customerName: 'Casey',
      make: 'Honda',
      model: 'Civic',
    });
    expect(filterQuery({ ...emptyFilters, customerName: '   ' })).toEqual({});
  });

  it('drops a model without its make', () => {
    expect(filterQuery({ ...emptyFilters, model: 'Civic' })).toEqual({});
  });

  it('keeps every filter the spec lists', () => {
    const all = {
      customerName: 'a',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      make: 'Toyota',
      model: 'Camry',
      year: '2020',
      service: 'custom',
      status: 'Completed',
    };
    expect(filterQuery(all)).toEqual(all);
    expect(hasFilters(all)).toBe(true);
    expect(hasFilters(emptyFilters)).toBe(false);
  });
});

describe('activeBookings', () => {
  it('leaves out Cancelled and Completed, and sorts newest date first, then newest time', () => {
    const list = [
      booking('a', { date: '2026-03-09', time: '09:00' }),
      booking('b', { date: '2026-03-10', time: '09:00' }),
      booking('c', { date: '2026-03-09', time: '14:30' }),
      booking('d', { status: 'Cancelled', date: '2026-04-01' }),
      booking('e', { status: 'Completed', date: '2026-04-02' }),
      booking('f', { status: 'Pending Verification', date: '2026-03-01' }),
      booking('g', { status: 'Pending Customer Verification', date: '2026-03-02' }),
      booking('h', { status: 'Confirmed', date: '2026-03-03' }),
    ];
    expect(activeBookings(list).map((b) => b._id)).toEqual(['b', 'c', 'a', 'h', 'g', 'f']);
  });

  it('puts upcoming bookings first, soonest first, then past ones newest first (issue 30)', () => {
    const list = [
      booking('past-old', { date: '2026-03-01' }),
      booking('later', { date: '2026-12-10' }),
      booking('past-new', { date: '2026-11-20' }),
      booking('today', { date: '2026-11-28', time: '13:00' }),
      booking('soon', { date: '2026-11-29' }),
    ];
    expect(activeBookings(list, new Set(), undefined, '2026-11-28').map((b) => b._id)).toEqual([
      'today',
      'soon',
      'later',
      'past-new',
      'past-old',
    ]);
  });

  it('shows closed bookings when the status filter asks for them (issue 30)', () => {
    const list = [booking('a'), booking('d', { status: 'Completed' })];
    expect(activeBookings(list, new Set(), { status: 'Completed' }).map((b) => b._id)).toEqual(['a', 'd']);
  });

  it('keeps a card just closed by the admin in view', () => {
    const list = [booking('a'), booking('d', { status: 'Cancelled' })];
    expect(activeBookings(list, new Set(['d'])).map((b) => b._id)).toEqual(['a', 'd']);
  });

  it('does not reorder the list it was given', () => {
    const list = [booking('a', { date: '2026-01-01' }), booking('b', { date: '2026-02-01' })];
    activeBookings(list);
    expect(list.map((b) => b._id)).toEqual(['a', 'b']);
  });
});

describe('the list texts and page size', () => {
  it('shows 5 at a time', () => expect(PAGE_SIZE).toBe(5));
  it('says why the list is empty', () => {
    expect(emptyText(false)).toBe('No active bookings found.');
    expect(emptyText(true)).toBe('No bookings match your criteria.');
  });
});
