import { DEFAULT_BOOKING_MINUTES } from '@app/core/booking/rules';
import { formatLongDate, formatTime, weekdayOf } from '@app/core/time';
import type { CustomBookingView } from './types';
import { formatPrice } from '../../lib/format';

/**
 * What the confirmation page shows (doc 2 §2 Custom booking confirmation
 * screen), as plain functions.
 */

/** The custom service's name if custom, else the service's name, else 'Professional Service'. */
export function serviceNameOf(
  booking: Pick<CustomBookingView, 'isCustomService' | 'customServiceName' | 'service'>,
) {
  return (
    (booking.isCustomService && booking.customServiceName?.trim()) ||
    booking.service?.name?.trim() ||
    'Professional Service'
  );
}

/** 'Monday, March 9, 2026': the long US date of a yyyy-MM-dd day; the text as given when it is not one. */
export function longDateOf(date: string): string {
  const long = formatLongDate(date);
  return long && /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${weekdayOf(date)}, ${long}` : date;
}

/** '9:30 AM' for '09:30'; the text as given when it is not a time. */
export function timeOf(time: string): string {
  try {
    return formatTime(time);
  } catch {
    return time;
  }
}

/** '90 minutes'; 60 when the booking has none (doc 2 §9). */
export function durationOf(duration: number | null | undefined): string {
  return `${duration || DEFAULT_BOOKING_MINUTES} minutes`;
}

/** '2019 Honda Civic (Blue)': year, make, model, and the color in parentheses when there is one. */
export function vehicleOf(booking: {
  vehicleYear: number | string | null;
  vehicleMake: string;
  vehicleModel: string;
  vehicleColor?: string | null;
}) {
  const vehicle = [booking.vehicleYear, booking.vehicleMake, booking.vehicleModel].filter(Boolean).join(' ');
  const color = booking.vehicleColor?.trim();
  return color ? `${vehicle} (${color})` : vehicle;
}

/**
 * The price line, for custom services only: '$' and the price (two decimals,
 * doc 2 §9, thousands separated: '$1,250.00'), or 'TBD' when none was set; null (no line) for a catalogue service.
 */
export function priceOf(
  booking: Pick<CustomBookingView, 'isCustomService' | 'customServicePrice'>,
): string | null {
  if (!booking.isCustomService) return null;
  const price = booking.customServicePrice;
  return price === null || price === undefined || !Number.isFinite(price) ? 'TBD' : formatPrice(price);
}

/** The page goes home this long after a confirmation (doc 2 §9). */
export const REDIRECT_MS = 5000;

/** The browser's confirmation before a decline (doc 2 §4), word for word. */
export const DECLINE_QUESTION =
  'Are you sure you want to decline this booking? This action cannot be undone.';

/** The page's texts (doc 2 §2, §4, §8). */
export const confirmationMessages = {
  loading: 'Loading booking details...',
  loadFailed: 'Failed to load booking details',
  confirmFailed: 'Failed to confirm booking',
  declineFailed: 'Failed to decline booking',
  declined: 'Booking declined successfully.',
} as const;
