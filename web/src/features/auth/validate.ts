import { nameProblem } from '@app/core/rules/fields';
import { MOBILE_MESSAGE, toUsE164 } from '@app/core/rules/phone';
import { PASSWORD_MIN_LENGTH, passwordMessages } from '@app/core/user/rules';
import type { FieldMessages } from '../../lib/forms';

/**
 * The registration form's own checks (doc 1 §5), with the spec's texts. The
 * name and password rules come from core, which the server applies too, with more
 * (common passwords).
 */
export type RegistrationFields = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  /** Opting in to texts (issue 21): optional; then the mobile number must be a US one. */
  textsOptIn?: boolean;
  mobile?: string;
};

export type RegistrationErrors = Partial<Record<keyof RegistrationFields, string>>;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateRegistration(fields: RegistrationFields): RegistrationErrors {
  const errors: RegistrationErrors = {};
  const firstName = nameProblem(fields.firstName, 'First name');
  if (firstName) errors.firstName = firstName;
  const lastName = nameProblem(fields.lastName, 'Last name');
  if (lastName) errors.lastName = lastName;
  if (!fields.email.trim()) errors.email = 'Email is required';
  else if (!EMAIL_SHAPE.test(fields.email.trim())) errors.email = 'Email is invalid';
  if (!fields.password) errors.password = passwordMessages.required;
  else if (fields.password.length < PASSWORD_MIN_LENGTH) errors.password = passwordMessages.tooShort;
  if (fields.confirmPassword !== fields.password) errors.confirmPassword = passwordMessages.mismatch;
  if (fields.textsOptIn && !toUsE164(fields.mobile ?? '')) errors.mobile = MOBILE_MESSAGE;
  return errors;
}

/** The reset page's two fields; one message for the form, shown above the button (doc 1 §5). */
export type NewPasswordFields = { password: string; confirm: string };

/** At least PASSWORD_MIN_LENGTH characters, then the same twice: core's messages. */
export function validateNewPassword({
  password,
  confirm,
}: NewPasswordFields): FieldMessages<NewPasswordFields> {
  if (password.length < PASSWORD_MIN_LENGTH) return { password: passwordMessages.tooShort };
  return { confirm: password !== confirm ? passwordMessages.mismatch : undefined };
}
