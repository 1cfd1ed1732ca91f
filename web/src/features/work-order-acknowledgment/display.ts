import { formatLongDate } from '@app/core/time';
import { isApiStatus, messageOf, replyField } from '../../lib/api';
import type { AcknowledgmentView } from './types';
import { formatPrice } from '../../lib/format';

/** The acknowledgment screen's texts (doc 2 §2, §5, §8). */
export const ackMessages = {
  loading: 'Loading work order...',
  required: 'Please fill in all required fields.',
  badEmail: 'Please enter a valid email address.',
  noSignature: 'Please provide your digital signature.',
  load: {
    notFound: 'Work order not found or acknowledgment link is invalid.',
    already: 'This work order has already been acknowledged.',
    expired: 'The acknowledgment link has expired. Please contact us for a new link.',
    invalid: 'Invalid acknowledgment link.',
    failed: 'Failed to load work order. Please try again.',
  },
  submit: {
    mismatch: 'The email address does not match the work order customer.',
    already: 'This work order has already been acknowledged.',
    expired: 'The acknowledgment link has expired.',
    invalid: 'Invalid acknowledgment request.',
    failed: 'Failed to acknowledge work order. Please try again.',
  },
} as const;

/** Doc 2 §8 Acknowledgment load. */
export function loadError(error: unknown): string {
  const texts = ackMessages.load;
  if (isApiStatus(error, 404)) return texts.notFound;
  if (isApiStatus(error, 400)) {
    if (replyField(error, 'alreadyAcknowledged') === true) return texts.already;
    if (replyField(error, 'expired') === true) return texts.expired;
    return messageOf(error, texts.invalid);
  }
  return texts.failed;
}

/** Doc 2 §8 Acknowledgment submit. */
export function submitError(error: unknown): string {
  const texts = ackMessages.submit;
  if (isApiStatus(error, 403)) return texts.mismatch;
  if (isApiStatus(error, 400)) {
    if (replyField(error, 'alreadyAcknowledged') === true) return texts.already;
    if (replyField(error, 'expired') === true) return texts.expired;
    return messageOf(error, texts.invalid);
  }
  // Another answer won at the same moment, or the work order changed meanwhile (409): the server says which.
  if (isApiStatus(error, 409)) return messageOf(error, texts.failed);
  return texts.failed;
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Doc 2 §5: name and email non-blank, the email's shape, a signature when the box is ticked. */
export function formProblem(form: {
  name: string;
  email: string;
  includeSignature: boolean;
  signatureEmpty: boolean;
}): string | null {
  if (!form.name.trim() || !form.email.trim()) return ackMessages.required;
  if (!EMAIL_SHAPE.test(form.email.trim())) return ackMessages.badEmail;
  if (form.includeSignature && form.signatureEmpty) return ackMessages.noSignature;
  return null;
}

/** '2019 Honda Civic', then 'VIN: …' and 'Plate: …' when present (doc 2 §2). */
export function vehicleText(
  vehicle: Pick<AcknowledgmentView['vehicle'], 'year' | 'make' | 'model' | 'vin' | 'licensePlate'>,
): string {
  const parts = [[vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ')];
  if (vehicle.vin?.trim()) parts.push(`VIN: ${vehicle.vin.trim()}`);
  if (vehicle.licensePlate?.trim()) parts.push(`Plate: ${vehicle.licensePlate.trim()}`);
  return parts.join(' · ');
}

/** '2.5 hours at $75.00 per hour'. */
export const laborText = (item: { hours: number; hourlyRate: number }): string =>
  `${item.hours} ${item.hours === 1 ? 'hour' : 'hours'} at ${formatPrice(item.hourlyRate)} per hour`;

/** '2 at $12.50 each'. */
export const partText = (item: { quantity: number; unitPrice: number }): string =>
  `${item.quantity} at ${formatPrice(item.unitPrice)} each`;

/** 'Tuesday, March 10, 2026'. */
export const scheduledText = (date: string): string => formatLongDate(date) || date;

/** The totals block only when there is something to pay (doc 2 §2). */
export const showsTotals = (view: { pricing: Pick<AcknowledgmentView['pricing'], 'totalAmount'> }): boolean =>
  view.pricing.totalAmount > 0;
