import { describe, expect, it, vi } from 'vitest';
import { dueTimes, insideWindow } from './reminder-due';
import { isOneSegment, reminderText } from '../reminder/mail';

// The settings these rules read (core/src/config.ts), set by each test.
const settings = vi.hoisted(() => ({
  reminderHours: 24,
  reminderMorningAt: '',
  publicUrl: 'https://mobileautocare.example',
  businessEmail: 'shop@mobileautocare.example',
  // The shop's public details (issue 31: settings), the sample shop's.
  business: {
    name: 'Mobile Auto Care',
    area: 'West Chester, PA',
    email: 'info@mobileautocare.example',
    phone: '(610) 555-0142',
  },
}));
vi.mock('../config', () => ({ config: () => settings }));
const withSettings = (next: Partial<typeof settings>) => Object.assign(settings, next);

const at = (iso: string) => new Date(iso);

describe('when reminders are due', () => {
  it('comes REMINDER_HOURS of real time before the start, across the change of clocks', () => {
    withSettings({ reminderHours: 24, reminderMorningAt: '' });
    // Monday 10:00 EDT after the spring change (Sunday 2026-03-08): Sunday 10:00 EDT, 24 hours earlier.
    expect(dueTimes({ date: '2026-03-09', time: '10:00' }, at('2026-03-01T00:00:00Z'))).toEqual([
      { kind: 'hours', dueAt: '2026-03-08T14:00:00.000Z' },
    ]);
    // Sunday 10:00 EDT, the day of the change: Saturday 09:00 EST on the clock (still 24 hours).
    expect(dueTimes({ date: '2026-03-08', time: '10:00' }, at('2026-03-01T00:00:00Z'))).toEqual([
      { kind: 'hours', dueAt: '2026-03-07T14:00:00.000Z' },
    ]);
    // Sunday 10:00 EST after the fall change (2026-11-01): Saturday 11:00 EDT on the clock.
    expect(dueTimes({ date: '2026-11-01', time: '10:00' }, at('2026-10-20T00:00:00Z'))).toEqual([
      { kind: 'hours', dueAt: '2026-10-31T15:00:00.000Z' },
    ]);
  });

  it('adds the morning reminder at the clock time of the day, in the business zone', () => {
    withSettings({ reminderHours: 24, reminderMorningAt: '07:00' });
    expect(dueTimes({ date: '2026-03-08', time: '10:00' }, at('2026-03-01T00:00:00Z'))).toEqual([
      { kind: 'hours', dueAt: '2026-03-07T14:00:00.000Z' },
      // 07:00 EDT that morning (the clocks changed at 02:00): 11:00 UTC.
      { kind: 'morning', dueAt: '2026-03-08T11:00:00.000Z' },
    ]);
    // A booking at 07:00 or earlier gets no morning reminder.
    expect(dueTimes({ date: '2026-06-10', time: '07:00' }, at('2026-06-01T00:00:00Z'))).toEqual([
      { kind: 'hours', dueAt: '2026-06-09T11:00:00.000Z' },
    ]);
    // When the hours reminder comes after the morning's time, the morning one is left out.
    withSettings({ reminderHours: 2, reminderMorningAt: '07:00' });
    expect(dueTimes({ date: '2026-06-10', time: '10:00' }, at('2026-06-01T00:00:00Z'))).toEqual([
      { kind: 'hours', dueAt: '2026-06-10T12:00:00.000Z' },
    ]);
  });

  it('gives a booking made inside the window no hours reminder, unless overdue ones are asked for', () => {
    withSettings({ reminderHours: 24, reminderMorningAt: '07:00' });
    const b = { date: '2026-06-10', time: '10:00' };
    const evening = at('2026-06-09T23:00:00Z'); // 19:00 EDT the day before
    expect(insideWindow(b, evening)).toBe(true);
    expect(dueTimes(b, evening)).toEqual([{ kind: 'morning', dueAt: '2026-06-10T11:00:00.000Z' }]);
    expect(dueTimes(b, evening, { overdue: true })).toEqual([
      { kind: 'hours', dueAt: evening.toISOString() },
      { kind: 'morning', dueAt: '2026-06-10T11:00:00.000Z' },
    ]);
    expect(insideWindow(b, at('2026-06-01T00:00:00Z'))).toBe(false);
    // Started: nothing.
    expect(dueTimes(b, at('2026-06-10T14:00:00Z'), { overdue: true })).toEqual([]);
  });
});

describe('the reminder text', () => {
  it('is one GSM-7 segment carrying the landing link, however long the service name', () => {
    const token = 'A'.repeat(43);
    const short = reminderText({ serviceName: 'Oil Change', date: '2026-06-10', time: '10:00' }, token);
    expect(short).toBe(
      `Mobile Auto Care: Oil Change Wed Jun 10 10:00 AM. Confirm or change: https://mobileautocare.example/b/${token}`,
    );
    expect(isOneSegment(short)).toBe(true);
    const long = reminderText(
      { serviceName: `Brake pads — front “premium” ${'x'.repeat(120)}`, date: '2026-06-10', time: '10:00' },
      token,
    );
    expect(isOneSegment(long)).toBe(true);
    expect(long.startsWith('Mobile Auto Care: Brake pads - front')).toBe(true);
    expect(
      long.endsWith(`. Wed Jun 10 10:00 AM. Confirm or change: https://mobileautocare.example/b/${token}`),
    ).toBe(true);
  });
});
