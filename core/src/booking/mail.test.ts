import { describe, expect, it } from 'vitest';
import { awsUnitEnv } from '../../../tests/aws-env';
import type { Mail } from '../mail/index';
import {
  bookingCancelledMail,
  bookingCompletedMail,
  bookingConfirmedMail,
  bookingReceivedMail,
  bookingReinstatedMail,
  customBookingLinkMail,
  shopBookingCancelledMail,
  shopCustomBookingAnsweredMail,
  shopNewBookingMail,
} from './mail';
import { type BookingMailInfo, type BookingPaymentInfo, formatDuration } from './mail-info';
import { bookingMailInfo } from './mail.fixtures';

// Read by config() on first use, which the mails below make while the file is collected.
Object.assign(process.env, awsUnitEnv);

/*
 * The customer's text is chosen to be recognisable and hostile: a name that
 * reads as an order from the shop, notes with line breaks and markup. It may
 * appear only as a labelled field's value: in the HTML body, only inside a
 * field's <td>; never in a subject nor in a paragraph of the shop's own.
 */
const booking = bookingMailInfo({
  id: 'bkg_01JBOOKINGMAILTEST00000000',
  serviceName: 'Full Detail',
  date: '2026-11-23',
  time: '10:00',
  priceCents: 24_950,
  clientFirstName: 'Zebulon. Your account is locked, call 555-0000',
  clientLastName: 'Quixote',
  vehicle: { year: 2019, make: 'Hondaish', model: 'Civicmodel', color: 'Ultramarine' },
  notes: 'Gate code 4321.\n\n<b>Urgent</b>: visit http://evil.example now',
  status: 'Pending',
  customerName: 'Casey Accountname',
});

const customerTyped = [
  'Zebulon',
  'Quixote',
  'Hondaish',
  'Civicmodel',
  'Ultramarine',
  'Gate code',
  'evil.example',
  'Accountname',
];

function expectCustomerTextOnlyInFields(mail: Mail.Message) {
  for (const value of customerTyped) expect(mail.subject, value).not.toContain(value);
  const outsideFields = (mail.html ?? '').replace(/<td[^>]*>[\s\S]*?<\/td>/g, '');
  for (const value of customerTyped) expect(outsideFields, value).not.toContain(value);
  expect(mail.html).not.toContain('<b>Urgent</b>');
  // In the text, each value sits on a line after its label.
  const lines = mail.text.split('\n');
  for (const line of lines.filter((l) => customerTyped.some((v) => l.includes(v)))) {
    const i = lines.indexOf(line);
    const labelled = /^[A-Z][a-z ]+: /.test(line) || lines.slice(0, i).some((l) => /^Notes:\s*$/.test(l));
    expect(labelled, line).toBe(true);
  }
}

/** The calendar file, checked and read: its VEVENT's lines, unfolded. */
function calendarOf(mail: Mail.Message): Map<string, string> {
  expect(mail.attachments).toHaveLength(1);
  const [file] = mail.attachments!;
  expect(file?.filename).toBe('appointment.ics');
  expect(file?.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
  const lines = file!.content.replace(/\r\n /g, '').split('\r\n');
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines.at(-2)).toBe('END:VCALENDAR');
  const event = lines.slice(lines.indexOf('BEGIN:VEVENT') + 1, lines.indexOf('END:VEVENT'));
  return new Map(
    event.map((line) => {
      const colon = line.search(/:(?=(?:[^"]*"[^"]*")*[^"]*$)/);
      return [
        line.slice(0, colon).split(';')[0]!,
        line.slice(0, colon).includes(';') ? line : line.slice(colon + 1),
      ];
    }),
  );
}

const ZONE = 'Monday, November 23, 2026 at 10:00 AM Eastern Time (America/New_York)';

describe('helpers', () => {
  it('writes durations for people', () => {
    expect(formatDuration(90)).toBe('1 hour 30 minutes');
    expect(formatDuration(45)).toBe('45 minutes');
    expect(formatDuration(120)).toBe('2 hours');
    expect(formatDuration(61)).toBe('1 hour 1 minute');
  });
});

describe('booking received (to the customer)', () => {
  const mail = bookingReceivedMail(booking);

  it('goes to the customer with what was booked, in the zone, and the price', () => {
    expect(mail.to).toBe('casey@example.com');
    expect(mail.replyTo).toBe('shop@mobileautocare.example');
    expect(mail.subject).toBe('Booking received: Full Detail on November 23, 2026 at 10:00 AM');
    expect(mail.text).toContain(`Date and time: ${ZONE}`);
    expect(mail.text).toContain('Service: Full Detail');
    expect(mail.text).toContain('Duration: 1 hour 30 minutes');
    expect(mail.text).toContain('Price: $249.50');
    // Issue 30: the short reference a person reads, never the raw id.
    expect(mail.text).toContain('Booking reference: 0000-0000');
    expect(mail.text).not.toContain('bkg_');
    expect(mail.html).not.toContain('bkg_');
    expect(mail.text).toContain('Status: Pending');
    expect(mail.text).toContain('Vehicle: 2019 Hondaish Civicmodel, Ultramarine');
    expect(mail.text).toContain('charged only when the service is complete');
    expect(mail.text).toContain('https://mobileautocare.example/dashboard');
    expect(mail.html).toContain('href="https://mobileautocare.example/dashboard"');
  });

  it('attaches the appointment as a calendar file, tentative until confirmed', () => {
    const event = calendarOf(mail);
    expect(event.get('DTSTART')).toBe('DTSTART;TZID=America/New_York:20261123T100000');
    expect(event.get('DTEND')).toBe('DTEND;TZID=America/New_York:20261123T113000');
    expect(event.get('UID')).toBe('bkg_01JBOOKINGMAILTEST00000000@mobileautocare.example');
    // Issue 30: the UID (for calendars, not people) keeps the id; the text a person reads has the reference.
    const file = mail.attachments?.[0]?.content ?? '';
    expect(file.replace(/^UID:.*$/m, '')).not.toContain('bkg_');
    expect(file.replace(/\r\n[ \t]/g, '')).toContain('Booking reference: 0000-0000');
    expect(event.get('STATUS')).toBe('TENTATIVE');
    expect(event.get('SEQUENCE')).toBe('0');
    expect(event.get('SUMMARY')).toBe('Full Detail (Mobile Auto Care)');
    expect(event.get('URL')).toBe('https://mobileautocare.example/dashboard');
  });

  it('shows what the customer typed only as labelled fields', () => {
    expectCustomerTextOnlyInFields(mail);
    expect(mail.html).toContain('&lt;b&gt;Urgent&lt;/b&gt;');
  });
});

describe('new booking (to the shop)', () => {
  const mail = shopNewBookingMail(booking);

  it('goes to the shop, replying to the customer, with every detail', () => {
    expect(mail.to).toBe('shop@mobileautocare.example');
    expect(mail.replyTo).toBe('casey@example.com');
    expect(mail.subject).toBe('New booking: Full Detail on November 23, 2026 at 10:00 AM');
    for (const fact of [
      `Date and time: ${ZONE}`,
      'Price: $249.50',
      'Duration: 1 hour 30 minutes',
      'Booking reference: 0000-0000',
      'Status: Pending',
      'Account name: Casey Accountname',
      'Account email: casey@example.com',
      'Client first name: Zebulon. Your account is locked, call 555-0000',
      'Client last name: Quixote',
      'Vehicle year: 2019',
      'Vehicle make: Hondaish',
      'Vehicle model: Civicmodel',
      'Vehicle color: Ultramarine',
      'Notes: \nGate code 4321.',
    ]) {
      expect(mail.text, fact).toContain(fact);
    }
    expect(mail.attachments).toBeUndefined();
  });

  it('shows what the customer typed only as labelled fields', () => {
    expectCustomerTextOnlyInFields(mail);
  });

  it('says (none) for empty notes', () => {
    expect(shopNewBookingMail({ ...booking, notes: '  ' }).text).toContain('Notes: (none)');
  });
});

describe('booking confirmed (to the customer)', () => {
  const mail = bookingConfirmedMail({ ...booking, status: 'Confirmed' });

  it('confirms, in the zone, with an updated calendar file', () => {
    expect(mail.to).toBe('casey@example.com');
    expect(mail.subject).toBe('Booking confirmed: Full Detail on November 23, 2026 at 10:00 AM');
    expect(mail.text).toContain(`Date and time: ${ZONE}`);
    expect(mail.text).toContain('is confirmed');
    const event = calendarOf(mail);
    expect(event.get('STATUS')).toBe('CONFIRMED');
    expect(event.get('SEQUENCE')).toBe('1');
    expect(event.get('UID')).toBe(calendarOf(bookingReceivedMail(booking)).get('UID'));
    expect(event.get('DTSTART')).toBe('DTSTART;TZID=America/New_York:20261123T100000');
    expect(event.get('DTEND')).toBe('DTEND;TZID=America/New_York:20261123T113000');
    expectCustomerTextOnlyInFields(mail);
  });
});

describe('booking cancelled', () => {
  it('tells the customer who cancelled, with a cancelled calendar file', () => {
    const byCustomer = bookingCancelledMail({ ...booking, status: 'Cancelled' }, 'customer');
    const byShop = bookingCancelledMail({ ...booking, status: 'Cancelled' }, 'shop');
    for (const mail of [byCustomer, byShop]) {
      expect(mail.to).toBe('casey@example.com');
      expect(mail.subject).toBe('Booking cancelled: Full Detail on November 23, 2026 at 10:00 AM');
      expect(mail.text).toContain(`Date and time: ${ZONE}`);
      expect(mail.text).toContain('has not been charged');
      const event = calendarOf(mail);
      expect(event.get('STATUS')).toBe('CANCELLED');
      expect(event.get('SEQUENCE')).toBe('2');
      expect(event.get('DTSTART')).toBe('DTSTART;TZID=America/New_York:20261123T100000');
      expect(event.get('DTEND')).toBe('DTEND;TZID=America/New_York:20261123T113000');
      expectCustomerTextOnlyInFields(mail);
    }
    expect(byCustomer.text).toContain('as you asked');
    expect(byShop.text).toContain('had to cancel your appointment');
  });

  it('cancels the calendar event even when the status passed is still the earlier one', () => {
    expect(
      calendarOf(bookingCancelledMail({ ...booking, status: 'Confirmed' }, 'customer')).get('STATUS'),
    ).toBe('CANCELLED');
  });

  it('tells the shop who cancelled', () => {
    const byCustomer = shopBookingCancelledMail(booking, 'customer');
    const byShop = shopBookingCancelledMail(booking, 'shop');
    expect(byCustomer.to).toBe('shop@mobileautocare.example');
    expect(byCustomer.replyTo).toBe('casey@example.com');
    expect(byCustomer.subject).toBe(
      'Booking cancelled by the customer: Full Detail on November 23, 2026 at 10:00 AM',
    );
    expect(byShop.subject).toBe(
      'Booking cancelled by the shop: Full Detail on November 23, 2026 at 10:00 AM',
    );
    expect(byCustomer.text).toContain('Cancelled by: Customer');
    expect(byShop.text).toContain('Cancelled by: Shop');
    expect(byCustomer.text).toContain(`Date and time: ${ZONE}`);
    expect(byCustomer.text).toContain('Account email: casey@example.com');
    expectCustomerTextOnlyInFields(byCustomer);
    expectCustomerTextOnlyInFields(byShop);
  });
});

describe('booking completed: the receipt', () => {
  const paid: BookingPaymentInfo = {
    status: 'paid',
    amountCents: 24_950,
    cardBrand: 'VISA',
    cardLast4: '1111',
    providerPaymentId: 'sq_pay_abc123',
  };

  it('is a receipt when paid: amount, card and payment reference', () => {
    const mail = bookingCompletedMail({ ...booking, status: 'Completed' }, paid);
    expect(mail.to).toBe('casey@example.com');
    expect(mail.subject).toBe('Receipt: Full Detail, $249.50');
    expect(mail.text).toContain('This email is your receipt');
    expect(mail.text).toContain('Amount charged: $249.50');
    expect(mail.text).toContain('Card: Visa ending in 1111');
    expect(mail.text).toContain('Payment reference: sq_pay_abc123');
    expect(mail.text).toContain(`Date and time: ${ZONE}`);
    expect(mail.attachments).toBeUndefined();
    expectCustomerTextOnlyInFields(mail);
  });

  it('says the service is complete and the shop will be in touch when the charge failed', () => {
    const mail = bookingCompletedMail(booking, { ...paid, status: 'failed', providerPaymentId: null });
    expect(mail.subject).toBe('Your Full Detail service is complete');
    expect(mail.text).toContain('Your service is complete');
    expect(mail.text).toContain('we could not charge your card');
    expect(mail.text).toContain('we will contact you about the payment');
    expect(mail.text).toContain('Amount due: $249.50');
    expect(mail.text).not.toContain('receipt');
    expect(mail.text).not.toContain('Amount charged');
    expectCustomerTextOnlyInFields(mail);
  });

  it('says the payment is being processed when pending', () => {
    const mail = bookingCompletedMail(booking, {
      ...paid,
      status: 'pending',
      cardBrand: null,
      cardLast4: null,
    });
    expect(mail.subject).toBe('Your Full Detail service is complete');
    expect(mail.text).toContain('being processed');
    expect(mail.text).toContain('Amount: $249.50');
    expect(mail.text).not.toContain('Card:');
    expect(mail.text).toContain('Payment reference: sq_pay_abc123');
    expect(mail.text).not.toContain('Amount charged');
  });
});

describe('the bookings desk (issue 11)', () => {
  it('the confirmation link mail: the details, the link, when it expires; customer text only in fields', () => {
    const token = 'T'.repeat(43);
    const mail = customBookingLinkMail(
      { ...booking, status: 'Pending Customer Verification' },
      token,
      new Date('2026-11-23T15:00:00Z'),
    );
    expect(mail.to).toBe('casey@example.com');
    expect(mail.subject).toBe('Please confirm your booking: Full Detail on November 23, 2026 at 10:00 AM');
    expect(mail.text).toContain(`https://mobileautocare.example/verify-custom-booking/${token}`);
    expect(mail.text).toContain('Price: $249.50');
    expect(mail.text).toContain('expires on Monday, November 23, 2026 at 10:00 AM');
    // Issue 30: the state's one name, as Service History shows it.
    expect(mail.text).toContain('Status: Pending Customer Verification');
    expect(mail.text).not.toContain('Choose my password');
    expectCustomerTextOnlyInFields(mail);
  });

  it("the shop hears the customer's answer", () => {
    const confirmed = shopCustomBookingAnsweredMail({ ...booking, status: 'Confirmed' }, 'confirmed');
    const declined = shopCustomBookingAnsweredMail({ ...booking, status: 'Cancelled' }, 'declined');
    expect(confirmed.to).toBe('shop@mobileautocare.example');
    expect(confirmed.subject).toBe(
      'Booking confirmed by the customer: Full Detail on November 23, 2026 at 10:00 AM',
    );
    expect(declined.subject).toBe(
      'Booking declined by the customer: Full Detail on November 23, 2026 at 10:00 AM',
    );
    expect(declined.text).toContain('the time is free again');
    expect(confirmed.replyTo).toBe('casey@example.com');
  });

  it('every status change raises the calendar SEQUENCE: a booking back on after a cancellation updates the event', () => {
    // Pending → Cancelled (one change), then back on: Pending (two), Confirmed (three).
    const cancelled = calendarOf(
      bookingCancelledMail({ ...booking, status: 'Cancelled', revision: 1 }, 'shop'),
    );
    const reinstated = calendarOf(bookingReinstatedMail({ ...booking, status: 'Pending', revision: 2 }));
    const confirmed = calendarOf(bookingConfirmedMail({ ...booking, status: 'Confirmed', revision: 3 }));
    const sequences = [cancelled, reinstated, confirmed].map((event) => Number(event.get('SEQUENCE')));
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    expect(new Set(sequences).size).toBe(3);
    expect(reinstated.get('STATUS')).toBe('TENTATIVE');
    expect(confirmed.get('STATUS')).toBe('CONFIRMED');
  });
});

describe('where the job is (issue 20)', () => {
  const placed: BookingMailInfo = {
    ...booking,
    tripFeeCents: 2500,
    serviceAddress: {
      street: '12 W Market St',
      unit: 'Apt 4',
      city: 'West Chester',
      state: 'PA',
      zipCode: '19382',
      accessNotes: 'Gate <b>4321</b>',
      location: { lat: 39.96, lng: -75.6 },
    },
  };
  const directions =
    'https://www.google.com/maps/dir/?api=1&destination=12%20W%20Market%20St%2C%20Apt%204%2C%20West%20Chester%2C%20PA%2019382';

  it('the customer mails show the address, access notes and trip fee as fields; the .ics its LOCATION and GEO', () => {
    const mail = bookingReceivedMail(placed);
    expect(mail.text).toContain('Service address: 12 W Market St, Apt 4, West Chester, PA 19382');
    expect(mail.text).toContain('Access notes: Gate <b>4321</b>');
    expect(mail.text).toContain('Trip fee: $25.00');
    expect(mail.html).toContain('Gate &lt;b&gt;4321&lt;/b&gt;');
    expect(mail.text).not.toContain(directions);
    const ics = String(mail.attachments?.[0]?.content).replace(/\r\n /g, '');
    expect(ics).toContain('LOCATION:12 W Market St\\, Apt 4\\, West Chester\\, PA 19382\r\n');
    expect(ics).toContain('GEO:39.96;-75.6\r\n');
  });

  it("the shop's mails carry the Directions link; a booking made before addresses has none", () => {
    const mail = shopNewBookingMail(placed);
    expect(mail.text).toContain(`Directions to the job: ${directions}`);
    expect(mail.html).toContain(`<a href="${directions.replaceAll('&', '&amp;')}">Directions to the job</a>`);
    expect(shopNewBookingMail(booking).text).not.toContain('Directions');
    expect(bookingReceivedMail(booking).text).not.toContain('Service address');
    const ics = String(bookingReceivedMail(booking).attachments?.[0]?.content);
    expect(ics).toContain('LOCATION:Mobile service');
    expect(ics).not.toContain('GEO:');
  });
});
