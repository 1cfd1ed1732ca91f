import { directionsUrl, oneLine } from '../address/format';
import { business } from '../business';
import { ICS_CONTENT_TYPE, type IcsStatus, icsEvent } from '../calendar/ics';
import { absoluteUrl } from '../links';
import type { MailBlock } from '../mail/compose';
import type { Mail } from '../mail/index';
import { type BookingMailInfo, ICS_FILENAME, vehicleText } from './mail-info';
import { bookingReference } from './reference';

/**
 * Where the job is, in the booking mails (issue 20): the service address and
 * access notes as labelled fields, the Directions link in the shop's mails
 * (where a technician or the admin reads the job), and the calendar file's
 * LOCATION and GEO.
 */

/** The address and access notes as labelled fields (none for a booking made before addresses). */
export function addressFields(b: BookingMailInfo): [string, string][] {
  const address = b.serviceAddress;
  if (!address) return [];
  return [
    ['Service address', oneLine(address)],
    ...(address.accessNotes.trim() ? ([['Access notes', address.accessNotes]] as [string, string][]) : []),
  ];
}

/** The Directions link to the job, for the shop's mails. */
export function directionsBlock(b: BookingMailInfo): MailBlock[] {
  return b.serviceAddress ? [{ href: directionsUrl(b.serviceAddress), label: 'Directions to the job' }] : [];
}

/**
 * The calendar status and SEQUENCE of each booking state; later states have higher numbers. The
 * technicians' calendar feeds write the same (decision 118), so every calendar agrees on an event.
 */
export function calendarState(
  b: BookingMailInfo,
  cancelled: boolean,
): { status: IcsStatus; sequence: number } {
  const state: { status: IcsStatus; sequence: number } =
    cancelled || b.status === 'Cancelled'
      ? { status: 'CANCELLED', sequence: 2 }
      : b.status === 'Confirmed' || b.status === 'Completed'
        ? { status: 'CONFIRMED', sequence: 1 }
        : { status: 'TENTATIVE', sequence: 0 };
  // Status changes count twice (see `revision`), moves once on top: every later file has a higher number.
  return { ...state, sequence: Math.max(state.sequence, 2 * (b.revision ?? 0)) + (b.moves ?? 0) };
}

/** A booking's calendar UID: its id at the shop's domain, in the mail's file and in every calendar feed. */
export function bookingUid(bookingId: string): string {
  return `${bookingId}@${business.email.slice(business.email.indexOf('@') + 1)}`;
}

/** The booking as a calendar file attachment. The UID is the booking's id at the shop's domain. */
export function bookingCalendarFile(
  b: BookingMailInfo,
  options: { cancelled?: boolean } = {},
): Mail.Attachment {
  const state = calendarState(b, options.cancelled ?? false);
  return {
    filename: ICS_FILENAME,
    contentType: ICS_CONTENT_TYPE,
    content: icsEvent({
      uid: bookingUid(b.id),
      date: b.date,
      time: b.time,
      durationMinutes: b.durationMinutes,
      summary: `${b.serviceName} (${business.name})`,
      description: [
        `Service: ${b.serviceName}`,
        `Vehicle: ${vehicleText(b.vehicle)}`,
        `Booking reference: ${bookingReference(b.id)}`,
        `Service History: ${absoluteUrl('/dashboard')}`,
        `Questions: ${business.phone}, ${business.email}`,
      ].join('\n'),
      location: b.serviceAddress ? oneLine(b.serviceAddress) : `Mobile service, ${business.area}`,
      ...(b.serviceAddress?.location ? { geo: b.serviceAddress.location } : {}),
      organizerEmail: business.email,
      organizerName: business.name,
      url: absoluteUrl('/dashboard'),
      ...state,
    }),
  };
}
