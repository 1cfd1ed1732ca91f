import type { StoredAddress } from '../address/stored';
import type { BookingStatus } from './rules';

/**
 * What the booking mails read of a booking (mail.ts, mail-place.ts,
 * notices.ts, the reminder's and the payment mails), and the small texts
 * they share: the vehicle, a duration, the calendar file's name.
 */

export type BookingMailInfo = {
  id: string;
  serviceName: string;
  date: string;
  time: string;
  durationMinutes: number;
  priceCents: number;
  clientFirstName: string;
  clientLastName: string;
  vehicle: { year: number; make: string; model: string; color: string };
  notes: string;
  status: BookingStatus;
  customerEmail: string;
  customerName: string;
  /**
   * How many status changes the booking has had (its audit trail's entries
   * other than the creation entry). Each change raises a calendar file's
   * SEQUENCE by at least one (it is at least twice this), so a booking put
   * back on after a cancellation updates the cancelled event.
   */
  revision?: number;
  /** How many times the booking was moved (its `icsSequence`, issue 21): each move raises SEQUENCE by one more. */
  moves?: number;
  /** The trip fee snapshot in cents (issue 20; absent or 0: none). */
  tripFeeCents?: number;
  /** Where the job is (issue 20), with its coordinates when known; absent before addresses. */
  serviceAddress?: Omit<StoredAddress, 'location'> & { location?: { lat: number; lng: number } };
};

export type BookingPaymentInfo = {
  status: 'paid' | 'failed' | 'pending';
  amountCents: number;
  cardBrand: string | null;
  cardLast4: string | null;
  providerPaymentId: string | null;
  /** What the amount is made of (labour and part lines, tax, trip fee: payment-mail.ts), when itemised. */
  lines?: [string, string][];
};

export type CancelledBy = 'customer' | 'shop';

export const ICS_FILENAME = 'appointment.ics';

/** '1 hour 30 minutes', '45 minutes', '2 hours'. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [
    ...(hours > 0 ? [`${hours} hour${hours === 1 ? '' : 's'}`] : []),
    ...(rest > 0 || hours === 0 ? [`${rest} minute${rest === 1 ? '' : 's'}`] : []),
  ];
  return parts.join(' ');
}

export const vehicleText = ({ year, make, model, color }: BookingMailInfo['vehicle']) =>
  `${year} ${make} ${model}, ${color}`;
