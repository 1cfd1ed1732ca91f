import { bookingReference } from '@app/core/booking/reference';
import { describe, expect, it } from 'vitest';
import { readOutbox } from '../functions/src/local/outbox';
import { nextDate, postBooking, send } from './booking-factories';
import { createService, createUser, createUserWithCard, json } from './factories';

/**
 * What a customer reads (issue 30): the booking's short reference in every mail and in the calendar
 * file, never its raw id (the file's UID keeps the id: calendars match events by it, people never
 * see it).
 */
const mailsTo = async (to: string) => (await readOutbox()).filter((m) => m.to.includes(to));

describe('booking references in what customers read', () => {
  it('mails and their calendar files show the short reference, not the raw id', async () => {
    const [customer, admin] = await Promise.all([createUserWithCard(), createUser({ role: 'admin' })]);
    const service = await createService({
      name: 'Reference Wash',
      availableDays: [],
      availableTimes: ['10:00'],
    });
    const made = await postBooking(customer, service._id, nextDate(), '10:00');
    expect(made.status).toBe(201);
    const { booking } = await json<{ booking: { _id: string } }>(made);
    for (const status of ['Confirmed', 'Cancelled']) {
      const changed = await send('PATCH', `/api/bookings/${booking._id}/status`, admin.headers, { status });
      expect(changed.status).toBe(200);
    }
    const mails = await mailsTo(customer.email);
    expect(mails.map((m) => m.subject.split(':')[0])).toEqual([
      'Booking received',
      'Booking confirmed',
      'Booking cancelled',
    ]);
    const reference = bookingReference(booking._id);
    for (const mail of mails) {
      expect(mail.text, mail.subject).toContain(`Booking reference: ${reference}`);
      expect(mail.text, mail.subject).not.toContain(booking._id);
      expect(mail.html, mail.subject).not.toContain(booking._id);
      for (const file of mail.attachments) {
        const unfolded = file.content.replace(/\r\n[ \t]/g, '');
        expect(unfolded).toContain(`UID:${booking._id}@`);
        expect(unfolded.replace(/^UID:.*$/m, ''), file.filename).not.toContain(booking._id);
        expect(unfolded).toContain(`Booking reference: ${reference}`);
      }
    }
  });
});

describe('accepting an invitation', () => {
  const tokenIn = (text: string) => /\/reset-password\/([\w-]+)/.exec(text)?.[1] ?? '';

  /**
   * An admin makes an account at `path` (POST `details` with a fresh address under `prefix`), and
   * the invitation mailed to it is accepted with a password: the address and the acceptance's reply.
   */
  async function acceptInvitation(prefix: string, path: string, details: Record<string, unknown>) {
    const admin = await createUser({ role: 'admin' });
    const email = `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const made = await send('POST', path, admin.headers, { ...details, email });
    expect(made.status).toBe(201);
    const token = tokenIn((await mailsTo(email))[0]?.text ?? '');
    const accepted = await send(
      'POST',
      '/api/users/reset-password',
      {},
      { token, password: 'Welcome-aboard-26' },
    );
    return { email, accepted };
  }

  it('a customer made by the shop is welcomed, not told their password was reset', async () => {
    const { accepted } = await acceptInvitation('invited', '/api/admin/create-customer', {
      firstName: 'Ivy',
      lastName: 'Invited',
    });
    expect(accepted.status).toBe(200);
    const reply = await json<{ msg: string; welcome?: boolean }>(accepted);
    expect(reply).toEqual({
      msg: 'Welcome to Mobile Auto Care! Your password is set and your account is ready. Sign in to follow your bookings.',
      welcome: true,
    });
    expect(reply.msg).not.toMatch(/reset/i);
  });

  it('a technician is welcomed to their jobs; a later reset says reset', async () => {
    const { email, accepted } = await acceptInvitation('tech', '/api/admin/technicians', {
      firstName: 'Tess',
      lastName: 'Tech',
      phone: '610 555 0101',
      workingDays: ['Monday'],
      dayStart: '07:00',
      dayEnd: '19:00',
    });
    expect(await json(accepted)).toEqual({
      msg: 'Welcome to Mobile Auto Care! Your password is set. Sign in to see your jobs of the day.',
      welcome: true,
    });
    // The next reset is a reset.
    await send('POST', '/api/users/forgot-password', {}, { email });
    const later = tokenIn((await mailsTo(email)).at(-1)?.text ?? '');
    const reset = await send(
      'POST',
      '/api/users/reset-password',
      {},
      { token: later, password: 'Another-one-2026' },
    );
    expect(await json(reset)).toEqual({
      msg: 'Your password has been reset. You can now sign in with your new password.',
    });
  });
});
