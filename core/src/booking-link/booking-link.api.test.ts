import { describe, expect, it } from 'vitest';
import { LinkToken } from '../auth/link-token';
import * as time from '../time';
import { BookingLink } from '../booking/link';

const tomorrow = () => time.addDays(time.today(), 1);
const booking = (id: string, date = tomorrow(), at = '10:00') => ({ id, date, time: at });
let n = 0;
const nextId = () => `bkg_01JLINKTEST${String((n += 1)).padStart(14, '0')}`;

describe('booking links', () => {
  it('reach their booking, once per action, and expire at the start', async () => {
    const id = nextId();
    const { token, expiresAt } = await BookingLink.issue(booking(id));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresAt.toISOString()).toBe(time.instantOf(tomorrow(), '10:00'));

    expect(await BookingLink.inspect(token, 'attend')).toMatchObject({ ok: true, bookingId: id });
    expect(await BookingLink.allowed(token)).toMatchObject({
      ok: true,
      bookingId: id,
      actions: { attend: true, reschedule: true, cancel: true },
    });
    expect(await LinkToken.use('booking-attend', token, [])).toMatchObject({ ok: true });
    expect(await LinkToken.use('booking-attend', token, [])).toEqual({ ok: false, reason: 'used' });
    // Another action of the same link still works.
    expect(await BookingLink.allowed(token)).toMatchObject({
      ok: true,
      actions: { attend: false, reschedule: true, cancel: true },
    });
    const after = new Date(Date.parse(time.instantOf(tomorrow(), '10:00')) + 1000);
    expect(await BookingLink.inspect(token, 'cancel', after)).toEqual({ ok: false, reason: 'expired' });
    expect(await BookingLink.allowed(token, after)).toEqual({ ok: false, reason: 'expired' });
  });

  it('allow only the actions they were issued for', async () => {
    const id = nextId();
    const { token } = await BookingLink.issue(booking(id), { actions: ['reschedule'] });
    expect(await BookingLink.inspect(token, 'cancel')).toEqual({ ok: false, reason: 'invalid' });
    expect(await BookingLink.allowed(token)).toMatchObject({
      actions: { attend: false, reschedule: true, cancel: false },
    });
  });

  it('are used in a transaction only for their own booking', async () => {
    const id = nextId();
    const { token } = await BookingLink.issue(booking(id));
    const wrong = await LinkToken.use('booking-cancel', token, [], { subjectId: nextId() });
    expect(wrong).toEqual({ ok: false, reason: 'invalid' });
    expect(await LinkToken.use('booking-cancel', token, [], { subjectId: id })).toMatchObject({ ok: true });
    // A used link says when it was used (decision 128: a use after a request began is a race it lost).
    expect(await BookingLink.inspect(token, 'cancel')).toMatchObject({ ok: false, reason: 'used' });
  });

  it('refuse unknown and malformed tokens, and bookings that started', async () => {
    expect(await BookingLink.allowed('x'.repeat(43))).toEqual({ ok: false, reason: 'invalid' });
    expect(await BookingLink.inspect('nope', 'attend')).toEqual({ ok: false, reason: 'invalid' });
    expect(() => BookingLink.prepare(booking(nextId(), time.addDays(time.today(), -1)))).toThrow(RangeError);
    expect(() => BookingLink.refuse('used')).toThrow(BookingLink.messages.used);
  });

  it('give one winner among many uses at once', async () => {
    const { token } = await BookingLink.issue(booking(nextId()));
    const results = await Promise.all(
      Array.from({ length: 15 }, () => LinkToken.use('booking-cancel', token, [])),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });
});
