import { linkPage } from '../auth/link-flows';
import { business } from '../business';
import { config } from '../config';
import { absoluteUrl } from '../links';
import { type MailBlock, composeMail } from '../mail/compose';
import type { Mail } from '../mail/index';
import { formatCents } from '../money';
import { cardBrandName } from '../user/card-brand';
import { formatDateTimeInZone, formatLongDate, formatTime, localOf } from '../time';
import { addressFields, bookingCalendarFile, directionsBlock } from './mail-place';
import { bookingReference } from './reference';
import {
  type BookingMailInfo,
  type BookingPaymentInfo,
  type CancelledBy,
  formatDuration,
  ICS_FILENAME,
  vehicleText,
} from './mail-info';

/**
 * The booking mails: to the customer when a booking is received, confirmed,
 * cancelled and completed (the receipt), and to the shop when one arrives or
 * is cancelled.
 *
 * As in the account mails (core/src/account/mail.ts), nothing the customer
 * typed (names, vehicle, notes, the address) is placed in the shop's own
 * sentences or subjects: the customer mails greet with "Hello,", and those
 * values appear only as labelled fields. The service's name, the dates and
 * the amounts come from the shop and the booking's rules.
 *
 * Dates and times are the business's, with the zone named, so a customer
 * reading in another zone is not misled. Customer mails about an upcoming
 * appointment carry `appointment.ics`; every file for one booking has the same
 * UID, and a later state a higher SEQUENCE, so a calendar updates the event it
 * already has.
 */

const historyLink = (): MailBlock => ({
  href: absoluteUrl('/dashboard'),
  label: 'Open your Service History',
});

/** Short date and time for subjects: 'November 23, 2026 at 10:00 AM'. */
const when = (b: BookingMailInfo) => `${formatLongDate(b.date)} at ${formatTime(b.time)}`;

/** The appointment's facts, as labelled fields. */
function appointmentFields(b: BookingMailInfo): [string, string][] {
  return [
    ['Service', b.serviceName],
    ['Date and time', formatDateTimeInZone(b.date, b.time)],
    ['Duration', formatDuration(b.durationMinutes)],
    ['Price', formatCents(b.priceCents)],
    ...(b.tripFeeCents ? ([['Trip fee', formatCents(b.tripFeeCents)]] as [string, string][]) : []),
    ['Booking reference', bookingReference(b.id)],
    ...addressFields(b),
  ];
}

/** What the customer entered, as labelled fields only. */
function customerFields(b: BookingMailInfo): [string, string][] {
  return [
    ['Name', `${b.clientFirstName} ${b.clientLastName}`],
    ['Vehicle', vehicleText(b.vehicle)],
    ...(b.notes.trim() ? ([['Notes', b.notes]] as [string, string][]) : []),
  ];
}

/** The contact line under a customer's mail (the business's details are settings: read when a mail is made). */
export const contactLine = () =>
  `Questions? Reply to this email, write to ${business.email} or call ${business.phone}.`;

/**
 * A mail to the shop about a booking (replying goes to the customer): the lead, the booking's
 * fields, who it is for (the account, the client and the car, in short unless given), and, with
 * `place`, the directions and the link to the admin dashboard.
 */
export function shopMail(
  b: BookingMailInfo,
  subject: string,
  lead: string,
  fields: [string, string][],
  { customer, place = true }: { customer?: [string, string][]; place?: boolean } = {},
): Mail.Message {
  return composeMail({ to: config().businessEmail, replyTo: b.customerEmail, subject }, [
    lead,
    { fields },
    {
      fields: customer ?? [
        ['Account name', b.customerName],
        ['Account email', b.customerEmail],
        ['Client name', `${b.clientFirstName} ${b.clientLastName}`],
        ['Vehicle', vehicleText(b.vehicle)],
      ],
    },
    ...(place
      ? [...directionsBlock(b), { href: absoluteUrl('/admin'), label: 'Open the admin dashboard' }]
      : []),
  ]);
}

/** To the customer, when the booking is made: what was booked, the calendar file, and when the card is charged. */
export function bookingReceivedMail(b: BookingMailInfo, links: MailBlock[] = []): Mail.Message {
  return {
    ...composeMail({ to: b.customerEmail, subject: `Booking received: ${b.serviceName} on ${when(b)}` }, [
      'Hello,',
      `Thank you for booking with ${business.name}. We have received your appointment and will email you again once we have confirmed it.`,
      { fields: [...appointmentFields(b), ['Status', b.status]] },
      { fields: customerFields(b) },
      'Your card on file is not charged now. It is charged only when the service is complete.',
      // Made inside the reminder window (issue 21): no separate reminder comes, so its buttons are here.
      ...(links.length > 0 ? ['Please let us know whether you will be there:', ...links] : []),
      `The attached calendar file (${ICS_FILENAME}) adds the appointment to your calendar. You can follow the booking, change your vehicle details or cancel in your Service History.`,
      historyLink(),
      contactLine(),
    ]),
    replyTo: config().businessEmail,
    attachments: [bookingCalendarFile(b)],
  };
}

/** To the shop, when a booking is made: every detail, replying goes to the customer. */
export function shopNewBookingMail(b: BookingMailInfo): Mail.Message {
  return shopMail(
    b,
    `New booking: ${b.serviceName} on ${when(b)}`,
    'A new booking was made on the website. The customer has a card on file; it is charged when the service is marked complete.',
    [...appointmentFields(b), ['Status', b.status]],
    {
      customer: [
        ['Account name', b.customerName],
        ['Account email', b.customerEmail],
        ['Client first name', b.clientFirstName],
        ['Client last name', b.clientLastName],
        ['Vehicle year', String(b.vehicle.year)],
        ['Vehicle make', b.vehicle.make],
        ['Vehicle model', b.vehicle.model],
        ['Vehicle color', b.vehicle.color],
        ['Notes', b.notes.trim() ? b.notes : '(none)'],
      ],
    },
  );
}

/** To the customer, when the shop confirms the booking; the calendar file updates the event. */
export function bookingConfirmedMail(b: BookingMailInfo, links: MailBlock[] = []): Mail.Message {
  return {
    ...composeMail({ to: b.customerEmail, subject: `Booking confirmed: ${b.serviceName} on ${when(b)}` }, [
      'Hello,',
      `Your appointment with ${business.name} is confirmed. Our technician will come to you at the time below.`,
      { fields: appointmentFields(b) },
      { fields: customerFields(b) },
      'Your card on file is charged only when the service is complete.',
      // Confirmed inside the reminder window (issue 30): no separate reminder comes, so its buttons are here.
      ...(links.length > 0 ? ['Please let us know whether you will be there:', ...links] : []),
      `The attached calendar file (${ICS_FILENAME}) updates the appointment in your calendar.`,
      historyLink(),
      contactLine(),
    ]),
    replyTo: config().businessEmail,
    attachments: [bookingCalendarFile(b)],
  };
}

/** To the customer, when the booking is cancelled by them or by the shop; the calendar file cancels the event. */
export function bookingCancelledMail(b: BookingMailInfo, by: CancelledBy): Mail.Message {
  return {
    ...composeMail({ to: b.customerEmail, subject: `Booking cancelled: ${b.serviceName} on ${when(b)}` }, [
      'Hello,',
      by === 'customer'
        ? 'Your appointment has been cancelled, as you asked.'
        : `We are sorry: ${business.name} had to cancel your appointment. Please contact us or book another time that suits you.`,
      { fields: appointmentFields(b) },
      'Your card has not been charged for this appointment.',
      `The attached calendar file (${ICS_FILENAME}) marks the appointment as cancelled in your calendar.`,
      { href: absoluteUrl('/services'), label: 'Book another appointment' },
      contactLine(),
    ]),
    replyTo: config().businessEmail,
    attachments: [bookingCalendarFile(b, { cancelled: true })],
  };
}

/** To the shop, when a booking is cancelled. */
export function shopBookingCancelledMail(b: BookingMailInfo, by: CancelledBy): Mail.Message {
  return shopMail(
    b,
    `Booking cancelled by the ${by === 'customer' ? 'customer' : 'shop'}: ${b.serviceName} on ${when(b)}`,
    by === 'customer'
      ? 'A customer cancelled their booking on the website. The time is free again.'
      : 'A booking was cancelled by the shop. The customer has been told by email. The time is free again.',
    [...appointmentFields(b), ['Cancelled by', by === 'customer' ? 'Customer' : 'Shop']],
    { place: false },
  );
}

/** To the customer, when the service is complete: the receipt, or the word that payment did not go through. */
export function bookingCompletedMail(b: BookingMailInfo, payment: BookingPaymentInfo): Mail.Message {
  const service: [string, string][] = [
    ['Service', b.serviceName],
    ['Date and time', formatDateTimeInZone(b.date, b.time)],
    ['Vehicle', vehicleText(b.vehicle)],
    ['Booking reference', bookingReference(b.id)],
  ];
  const card: [string, string][] =
    payment.cardBrand || payment.cardLast4
      ? [
          [
            'Card',
            `${cardBrandName(payment.cardBrand ?? undefined)}${payment.cardLast4 ? ` ending in ${payment.cardLast4}` : ''}`,
          ],
        ]
      : [];
  const blocks: MailBlock[] =
    payment.status === 'paid'
      ? [
          'Hello,',
          `Thank you for choosing ${business.name}. Your service is complete and your card has been charged. This email is your receipt.`,
          {
            fields: [
              ['Amount charged', formatCents(payment.amountCents)],
              ...(payment.lines ?? []),
              ...card,
              ['Payment reference', payment.providerPaymentId ?? '(not available)'],
              ...service,
            ],
          },
        ]
      : payment.status === 'pending'
        ? [
            'Hello,',
            `Thank you for choosing ${business.name}. Your service is complete. The payment from your card is being processed; if anything goes wrong with it, we will contact you.`,
            {
              fields: [
                ['Amount', formatCents(payment.amountCents)],
                ...(payment.lines ?? []),
                ...card,
                ...(payment.providerPaymentId
                  ? ([['Payment reference', payment.providerPaymentId]] as [string, string][])
                  : []),
                ...service,
              ],
            },
          ]
        : [
            'Hello,',
            `Thank you for choosing ${business.name}. Your service is complete, but we could not charge your card on file. You do not need to do anything now: we will contact you about the payment.`,
            {
              fields: [
                ['Amount due', formatCents(payment.amountCents)],
                ...(payment.lines ?? []),
                ...service,
              ],
            },
          ];
  const subject =
    payment.status === 'paid'
      ? `Receipt: ${b.serviceName}, ${formatCents(payment.amountCents)}`
      : `Your ${b.serviceName} service is complete`;
  return {
    ...composeMail({ to: b.customerEmail, subject }, [
      ...blocks,
      'We would love to hear how it went: you can leave a review from your Service History.',
      historyLink(),
      contactLine(),
    ]),
    replyTo: config().businessEmail,
  };
}

/**
 * To the customer an admin assigned a booking to (issue 11): the booking's
 * details and the link that confirms or declines it. The link works once
 * and stops at `expiresAt` (the earlier of 7 days and the booking's start).
 */
export function customBookingLinkMail(
  b: BookingMailInfo,
  token: string,
  expiresAt: Date,
  invitation?: { token: string; days: number },
): Mail.Message {
  return {
    ...composeMail(
      { to: b.customerEmail, subject: `Please confirm your booking: ${b.serviceName} on ${when(b)}` },
      [
        'Hello,',
        `${business.name} has booked the appointment below for you. Please open the link to confirm it, or to decline it if it does not suit you.`,
        // The state's one name, as Service History shows it (issue 30).
        { fields: [...appointmentFields(b), ['Status', b.status]] },
        { fields: customerFields(b) },
        { href: absoluteUrl(linkPage('confirm-booking', token)), label: 'Confirm or decline the booking' },
        `The link works once and expires ${formatInstantInZone(expiresAt)}.`,
        // A customer made at the desk (issue 30): the invitation comes in this mail, not in one of its own.
        ...(invitation
          ? [
              `We have also made an account for you with this email address, so that you can follow your bookings online. To start using it, choose a password with the link below. It works once and expires in ${invitation.days} days.`,
              { href: absoluteUrl(linkPage('invitation', invitation.token)), label: 'Choose my password' },
            ]
          : []),
        contactLine(),
      ],
    ),
    replyTo: config().businessEmail,
  };
}

/** 'on November 23, 2026 at 10:00 AM (Eastern Time)' for a link's expiry. */
function formatInstantInZone(instant: Date): string {
  const { date, time } = localOf(instant);
  return `on ${formatDateTimeInZone(date, time)}`;
}

/** To the shop, when the customer confirms (or declines) a booking the shop made for them, by the mailed link. */
export function shopCustomBookingAnsweredMail(
  b: BookingMailInfo,
  answer: 'confirmed' | 'declined',
): Mail.Message {
  return shopMail(
    b,
    `Booking ${answer} by the customer: ${b.serviceName} on ${when(b)}`,
    answer === 'confirmed'
      ? 'The customer confirmed the booking you made for them, from the link in their email. It is now Confirmed.'
      : 'The customer declined the booking you made for them, from the link in their email. It is now Cancelled and the time is free again.',
    [...appointmentFields(b), ['Status', b.status]],
  );
}

/** To the customer, when the shop puts a cancelled booking back on (status Pending again). */
export function bookingReinstatedMail(b: BookingMailInfo, links: MailBlock[] = []): Mail.Message {
  return {
    ...composeMail({ to: b.customerEmail, subject: `Booking reinstated: ${b.serviceName} on ${when(b)}` }, [
      'Hello,',
      `${business.name} has put your cancelled appointment back on, at the same time. We will email you again once we have confirmed it.`,
      { fields: [...appointmentFields(b), ['Status', b.status]] },
      { fields: customerFields(b) },
      'Your card on file is charged only when the service is complete.',
      ...(links.length > 0 ? ['Please let us know whether you will be there:', ...links] : []),
      `The attached calendar file (${ICS_FILENAME}) puts the appointment back in your calendar.`,
      historyLink(),
      contactLine(),
    ]),
    replyTo: config().businessEmail,
    attachments: [bookingCalendarFile(b)],
  };
}
