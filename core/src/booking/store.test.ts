import { describe, expect, it } from 'vitest';
import { bookedExpiry, isOpen } from './store';

describe('booking storage rules', () => {
  it('a BOOKED guard expires a week after its day ends, in the business zone', () => {
    // 2026-11-25 ends at 2026-11-26 05:00 UTC (EST); a week later is 2026-12-03 05:00 UTC.
    expect(bookedExpiry('2026-11-25')).toBe(Date.parse('2026-12-03T05:00:00Z') / 1000);
    // Summer time: 2026-07-01 ends at 04:00 UTC.
    expect(bookedExpiry('2026-07-01')).toBe(Date.parse('2026-07-09T04:00:00Z') / 1000);
  });

  it('only Cancelled and Completed bookings are closed', () => {
    expect(isOpen('Pending')).toBe(true);
    expect(isOpen('Confirmed')).toBe(true);
    expect(isOpen('Pending Verification')).toBe(true);
    expect(isOpen('Pending Customer Verification')).toBe(true);
    expect(isOpen('Cancelled')).toBe(false);
    expect(isOpen('Completed')).toBe(false);
  });
});
