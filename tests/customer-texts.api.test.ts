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
    const service = await createService({ name: 'Reference Wash', availableDays: [], availableTimes: ['10:00'] });
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
