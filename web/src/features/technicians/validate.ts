import { nameProblem, phoneProblem } from '@app/core/rules/fields';
import { hoursProblem } from '@app/core/technician/hours';
import type { FieldMessages } from '../../lib/forms';
import type { WorkingTime } from './components/WorkingTimeFields';

/** The invitation (issue 22): who, and when they work. */
export type InviteFields = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  hours: WorkingTime;
};

/** A technician's working time as the editor holds it. */
export type HoursFields = { hours: WorkingTime };

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The day must end after it starts (core's rule, the one the server applies). */
export function validateHours(values: HoursFields): FieldMessages<HoursFields> {
  return { hours: hoursProblem(values.hours.dayStart, values.hours.dayEnd) };
}

/** Names and phone by core's field rules; the email's shape; the working time. */
export function validateInvite(values: InviteFields): FieldMessages<InviteFields> {
  const email = values.email.trim();
  return {
    firstName: nameProblem(values.firstName, 'First name'),
    lastName: nameProblem(values.lastName, 'Last name'),
    email: !email ? 'Email is required' : EMAIL_SHAPE.test(email) ? undefined : 'Email is invalid',
    phone: values.phone.trim() ? phoneProblem(values.phone) : undefined,
    ...validateHours(values),
  };
}
