import { calendarAddressProblem } from '@app/core/calendar/address';
import type { FieldMessages } from '../../lib/forms';

/** The calendar address form (issue 36). */
export type AddressFields = { address: string };

/**
 * Core's rule for the address (https:// or webcal://, its length); the
 * browser lets a link to this machine through, which only the local stack
 * takes (the server decides, with its own message).
 */
export function validateAddress(values: AddressFields): FieldMessages<AddressFields> {
  return { address: calendarAddressProblem(values.address, { local: true }) };
}
