import { directionsUrl, oneLine } from '../address/format';
import { linkButtons, linkButtonsNote } from '../booking/link-mail';
import { BookingLink } from '../booking/link';
import { type BookingMailInfo, ICS_FILENAME, vehicleText } from '../booking/mail-info';
import { bookingCalendarFile } from '../booking/mail-place';
import { business } from '../business';
import { config } from '../config';
import { composeMail, type MailBlock } from '../mail/compose';
import type { Mail } from '../mail/index';
import { formatDateTimeInZone, formatLongDate, formatTime } from '../time';
import { bookingReference } from '../booking/reference';
import type { ReminderKind } from '../booking/reminder-due';

/**
 * The reminder (issue 21): the service, the time in the business zone, the
 * address with its Directions link, the vehicle, the calendar file (the same
 * UID as every file of the booking, at its current SEQUENCE, so a calendar
 * updates its event) and the three buttons; and its short text.
 */
export function reminderMail(b: BookingMailInfo, token: string, kind: ReminderKind): Mail.Message {
  const when = `${formatLongDate(b.date)} at ${formatTime(b.time)}`;
  const place: MailBlock[] = b.serviceAddress
    ? [
        {
          fields: [
            ['Service address', oneLine(b.serviceAddress)],
            ...(b.serviceAddress.accessNotes.trim()
              ? ([['Access notes', b.serviceAddress.accessNotes]] as [string, string][])
              : []),
          ],
        },
        { href: directionsUrl(b.serviceAddress), label: 'Directions' },
      ]
    : [];
  return {
    ...composeMail(
      {
        to: b.customerEmail,
        subject: `${kind === 'morning' ? 'Today' : 'Reminder'}: ${b.serviceName} on ${when}`,
      },
      [
        'Hello,',
        kind === 'morning'
          ? `This is a reminder of your appointment with ${business.name} today.`
          : `This is a reminder of your upcoming appointment with ${business.name}.`,
        {
          fields: [
            ['Service', b.serviceName],
            ['Date and time', formatDateTimeInZone(b.date, b.time)],
            ['Vehicle', vehicleText(b.vehicle)],
            ['Booking reference', bookingReference(b.id)],
          ],
        },
        ...place,
        'Please let us know whether you will be there:',
        ...linkButtons(b.id, token),
        linkButtonsNote,
        `The attached calendar file (${ICS_FILENAME}) updates the appointment in your calendar.`,
        `Questions? Reply to this email, write to ${business.email} or call ${business.phone}.`,
      ],
    ),
    replyTo: config().businessEmail,
    attachments: [bookingCalendarFile(b)],
  };
}

/** One text segment of GSM-7 (3GPP TS 23.038) holds 160 characters. */
export const SEGMENT = 160;

/** The GSM-7 basic character set (without the escape table's characters, which count double). */
const GSM7 = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà]*$/u;

/** Whether `text` is one GSM-7 segment. */
export const isOneSegment = (text: string): boolean => text.length <= SEGMENT && GSM7.test(text);

/** Typographic punctuation and the GSM-7 character each is written as. */
const PLAIN: Record<string, string> = {
  '\u2013': '-',
  '\u2014': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u2026': '...',
  '\u00A0': ' ',
};

/** `text` with characters outside GSM-7 replaced (accents kept where GSM-7 has them, others dropped). */
function gsm7(text: string): string {
  return [...text.normalize('NFC')]
    .map((char) => {
      if (GSM7.test(char)) return char;
      if (PLAIN[char]) return PLAIN[char];
      const plain = char.normalize('NFD').replace(/\p{M}/gu, '');
      return GSM7.test(plain) ? plain : '';
    })
    .join('');
}

/**
 * The reminder's text: the shop, the service, the short date and time, and
 * the landing page's link; one GSM-7 segment (the service's name is cut to fit).
 */
export function reminderText(b: Pick<BookingMailInfo, 'serviceName' | 'date' | 'time'>, token: string) {
  const url = BookingLink.pageUrl(token);
  const day = new Date(`${b.date}T12:00:00Z`)
    .toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' })
    .replace(',', '');
  const tail = ` ${day} ${formatTime(b.time)}. Confirm or change: ${url}`;
  const head = `${gsm7(business.name)}: `;
  const room = Math.max(0, SEGMENT - head.length - tail.length);
  let service = gsm7(b.serviceName).replace(/\s+/g, ' ').trim();
  if (service.length > room) service = `${service.slice(0, Math.max(0, room - 1)).trimEnd()}.`;
  return `${head}${service}${tail}`;
}
