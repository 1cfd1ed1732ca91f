import { describe, expect, it } from 'vitest';
import { lastWeeks, monthLabel, monthOf, previousMonth, weekOf, weekOfDate, weekStart } from './buckets';
import { csvCell, csvLine } from './ledger';

describe('revenue buckets in the business zone', () => {
  it('counts an evening payment in its local month and week, not UTC’s', () => {
    // 20:30 on March 31 in West Chester (EDT) is already April 1 in UTC.
    expect(monthOf('2026-04-01T00:30:00.000Z')).toBe('2026-03');
    expect(monthOf('2026-04-01T04:30:00.000Z')).toBe('2026-04');
    // Sunday 22:00 EST is Monday in UTC: still the week that ends on that Sunday.
    expect(weekOf('2026-01-05T03:00:00.000Z')).toBe('2026-W01');
    expect(weekOf('2026-01-05T05:00:00.000Z')).toBe('2026-W02');
  });

  it('numbers ISO weeks across New Year and finds their Mondays', () => {
    expect(weekOfDate('2026-01-01')).toBe('2026-W01');
    expect(weekOfDate('2027-01-01')).toBe('2026-W53');
    expect(weekOfDate('2024-12-30')).toBe('2025-W01');
    expect(weekStart('2026-11-25')).toBe('2026-11-23');
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
  });

  it('lists the last weeks oldest first, ending with this one', () => {
    const weeks = lastWeeks('2026-01-07', 12);
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toEqual({ week: '2026-W02', start: '2026-01-05' });
    expect(weeks[0]).toEqual({ week: '2025-W43', start: '2025-10-20' });
    expect(new Set(weeks.map((w) => w.week)).size).toBe(12);
  });

  it('steps back a month and names it', () => {
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(previousMonth('2026-11')).toBe('2026-10');
    expect(monthLabel('2026-11')).toBe('November 2026');
  });
});

describe('CSV cells', () => {
  it('quotes as RFC 4180 asks, and defuses formulas', () => {
    expect(csvCell('Oil change')).toBe('Oil change');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@x')).toBe("'@x");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('=A1,"x"')).toBe(`"'=A1,""x"""`);
    expect(csvCell(null)).toBe('');
    expect(csvCell('-12.50', { text: false })).toBe('-12.50');
  });

  it('writes a refund as a negative amount on one CRLF line', () => {
    expect(
      csvLine({
        id: 'r1',
        kind: 'refund',
        amountCents: 123_456,
        at: '2026-03-02T15:05:00.000Z',
        date: '2026-03-02',
        serviceName: 'Brakes, rear',
        reason: 'Customer unhappy',
        paymentId: 'p1',
      }),
    ).toBe('2026-03-02,10:05,Refund,-1234.56,"Brakes, rear",,,,r1,p1,Customer unhappy,,\r\n');
  });
});

describe('the CSV names bookings and work orders as people know them (issue 30)', () => {
  it('writes the booking reference and the work-order number, not internal ids', () => {
    expect(
      csvLine(
        {
          id: 'p9',
          kind: 'payment',
          amountCents: 14_900,
          at: '2026-03-02T15:05:00.000Z',
          date: '2026-03-02',
          serviceName: 'Oil Change',
          customerName: 'Casey Tester',
          bookingId: 'bkg_01JD8Z3Q4R5S6T7V8W9X0Y1Z2A',
          workOrderId: 'wo_01JD8Z3Q4R5S6T7V8W9X0Y1Z2B',
        },
        'WO-2026-0001',
      ),
    ).toBe('2026-03-02,10:05,Payment,149.00,Oil Change,Casey Tester,9X0Y-1Z2A,WO-2026-0001,p9,,,,\r\n');
  });
});

describe('the CSV keeps the tip apart, with its technician (issue 35)', () => {
  it('a payment with a tip, and a tip refunded as a negative tip', () => {
    const base = { at: '2026-03-02T15:05:00.000Z', date: '2026-03-02', serviceName: 'Detail' } as const;
    expect(
      csvLine({ ...base, id: 'p1', kind: 'payment', amountCents: 10_000, tipCents: 2_000, technician: 2 }),
    ).toBe('2026-03-02,10:05,Payment,100.00,Detail,,,,p1,,,20.00,Technician 2\r\n');
    expect(
      csvLine({ ...base, id: 'r1', kind: 'refund', amountCents: 0, tipCents: 500, paymentId: 'p1' }),
    ).toBe('2026-03-02,10:05,Refund,0.00,Detail,,,,r1,p1,,-5.00,\r\n');
  });
});
