import { business } from '../business';
import { config } from '../config';
import { absoluteUrl } from '../links';
import { composeMail } from '../mail/compose';
import type { Mail } from '../mail/index';
import type { Notify } from '../notify/index';
import { formatDateTimeInZone, formatLongDate, formatTime } from '../time';
import { addressFields, bookingCalendarFile } from './mail-place';
import { contactLine, shopMail } from './mail';
import { type BookingMailInfo, type CancelledBy, formatDuration, vehicleText } from './mail-info';
import { bookingReference } from './reference';

/**
 * The notices of a moved or cancelled booking (issue 21): the mails to the
 * customer and the shop when the customer reschedules, and the short texts
 * that go with the customer's reschedule and cancel notices (Notify; one
 * GSM-7 segment where possible: plain ASCII, no more than 160 characters
 * with the link). As in mail.ts, nothing the customer typed is placed in the
 * shop's own sentences; it appears only as labelled fields.
 */

/** Where a booking was before it moved. */
export type Previous = { date: string; time: string };

/** 'Dec 1, 10:00 AM': short enough for a text. */
function shortWhen(date: string, time: string): string {
  const [, month, day] = date.split('-').map(Number);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${months[(month ?? 1) - 1]} ${day}, ${formatTime(time)}`;
}

const when = (date: string, time: string) => `${formatLongDate(date)} at ${formatTime(time)}`;

function movedFields(b: BookingMailInfo, previous: Previous): [string, string][] {
  return [
    ['Service', b.serviceName],
    ['New date and time', formatDateTimeInZone(b.date, b.time)],
    ['Was', formatDateTimeInZone(previous.date, previous.time)],
    ['Duration', formatDuration(b.durationMinutes)],
    ['Booking reference', bookingReference(b.id)],
    ...addressFields(b),
  ];
}

/** To the customer, when their booking moved: the new time, and the calendar file that moves the event. */
export function bookingRescheduledMail(b: BookingMailInfo, previous: Previous): Mail.Message {
  return {
    ...composeMail(
      { to: b.customerEmail, subject: `Booking moved: ${b.serviceName} on ${when(b.date, b.time)}` },
      [
        'Hello,',
        `Your appointment with ${business.name} has been moved to the new time below.`,
        { fields: [...movedFields(b, previous), ['Status', b.status]] },
        { fields: [['Vehicle', vehicleText(b.vehicle)]] },
        'The attached calendar file (appointment.ics) moves the appointment in your calendar.',
        { href: absoluteUrl('/dashboard'), label: 'Open your Service History' },
        contactLine(),
      ],
    ),
    replyTo: config().businessEmail,
    attachments: [bookingCalendarFile(b)],
  };
}

/** To the shop, when a customer moved their booking. */
export function shopBookingRescheduledMail(b: BookingMailInfo, previous: Previous): Mail.Message {
  return shopMail(
    b,
    `Booking moved by the customer: ${b.serviceName} to ${when(b.date, b.time)}`,
    'A customer moved their booking on the website. The old time is free again.',
    [...movedFields(b, previous), ['Status', b.status]],
  );
}

/** The text of a reschedule notice. */
export function rescheduledText(b: BookingMailInfo): string {
  return `${business.name}: your ${b.serviceName} is moved to ${shortWhen(b.date, b.time)}. Details: ${absoluteUrl('/dashboard')}`;
}

/** The text of a cancel notice. */
export function cancelledText(b: BookingMailInfo, by: CancelledBy): string {
  const what = by === 'customer' ? 'is cancelled as you asked' : 'had to be cancelled. Please call us';
  return `${business.name}: your ${b.serviceName} on ${shortWhen(b.date, b.time)} ${what}. ${business.phone}`;
}

/** The customer's reschedule notice (mail and, when they chose texts, a text). */
export const rescheduleNotice = (
  b: BookingMailInfo,
  userId: string | undefined,
  previous: Previous,
): Notify.Notice => ({
  kind: 'reschedule',
  userId,
  mail: bookingRescheduledMail(b, previous),
  text: rescheduledText(b),
});

/** The customer's cancel notice, around the cancellation mail. */
export const cancelNotice = (
  b: BookingMailInfo,
  userId: string | undefined,
  mail: Mail.Message,
  by: CancelledBy,
): Notify.Notice => ({ kind: 'cancel', userId, mail, text: cancelledText(b, by) });
