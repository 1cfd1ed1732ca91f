import type { BookingMailInfo } from './mail-info';

/** A booking as its mails and texts read it: an ordinary confirmed one, changed by `overrides`. */
export function bookingMailInfo(overrides: Partial<BookingMailInfo> = {}): BookingMailInfo {
  return {
    id: 'bkg_01JNOTICE0000000000000000',
    serviceName: 'Full Interior & Exterior Detail',
    date: '2026-12-09',
    time: '11:00',
    durationMinutes: 90,
    priceCents: 18_900,
    clientFirstName: 'Casey',
    clientLastName: 'Driver',
    vehicle: { year: 2019, make: 'Honda', model: 'Civic', color: 'Blue' },
    notes: '',
    status: 'Confirmed',
    customerEmail: 'casey@example.com',
    customerName: 'Casey Driver',
    ...overrides,
  };
}
