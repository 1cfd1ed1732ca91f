import { formatCents, groupThousands, toCents } from '@app/core/money';
import { type Duration, parseDurationMinutes } from '@app/core/service/duration';
import { toUsE164 } from '@app/core/rules/phone';

export { groupThousands };

/** '$89.00', '$1,250.00'; a dash for what is not an amount (a half-typed price). */
export const formatPrice = (dollars: number): string =>
  Number.isFinite(dollars) ? formatCents(toCents(dollars)) : '—';

/** Whole dollars with thousands separators, for the price filter's ends and value: '$50', '$1,000'. */
export const formatWholeDollars = (dollars: number): string =>
  Number.isFinite(dollars) ? formatCents(toCents(dollars), { wholeDollars: true }) : '—';

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * A duration as a visitor reads it (decision 046): whole hours in hours ('1 hour', '8 hours', not
 * '480 minutes'), under two hours in minutes ('45 minutes', '90 minutes'), longer ones in both
 * ('2 hours 30 minutes'). The raw text when it cannot be read.
 */
export function formatDuration(duration: Duration): string {
  const minutes = parseDurationMinutes(duration);
  if (minutes === null) return String(duration);
  if (minutes >= 60 && minutes % 60 === 0) return plural(minutes / 60, 'hour');
  if (minutes < 120) return plural(minutes, 'minute');
  return `${plural(Math.floor(minutes / 60), 'hour')} ${plural(minutes % 60, 'minute')}`;
}

/** A duration in minutes, where the spec asks for minutes (the bookings desk: doc 2 §2): '480 minutes'. */
export function formatMinutes(duration: Duration): string {
  const minutes = parseDurationMinutes(duration);
  if (minutes === null) return String(duration);
  return plural(minutes, 'minute');
}

/**
 * A `tel:` link for a phone number (issue 30): E.164 (`tel:+16105550123`) for a US number, so a tap
 * calls it from anywhere; otherwise the digits and a leading + as typed.
 */
export function telHref(phone: string): string {
  return `tel:${toUsE164(phone) ?? phone.replace(/[^\d+]/g, '')}`;
}

/** What the desk and the technician's phone say when a job has no number (issue 30). */
export const NO_PHONE = 'No phone number: the customer gave none';
