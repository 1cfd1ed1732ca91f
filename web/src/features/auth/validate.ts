/**
 * The registration form's own checks (doc 1 §5), with the spec's texts. The
 * server checks the same and more (common passwords).
 */
export type RegistrationFields = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
};

export type RegistrationErrors = Partial<Record<keyof RegistrationFields, string>>;

export const MIN_PASSWORD_LENGTH = 6;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateRegistration(fields: RegistrationFields): RegistrationErrors {
  const errors: RegistrationErrors = {};
  if (!fields.firstName.trim()) errors.firstName = 'First name is required';
  if (!fields.lastName.trim()) errors.lastName = 'Last name is required';
  if (!fields.email.trim()) errors.email = 'Email is required';
  else if (!EMAIL_SHAPE.test(fields.email.trim())) errors.email = 'Email is invalid';
  if (!fields.password) errors.password = 'Password is required';
  else if (fields.password.length < MIN_PASSWORD_LENGTH)
    errors.password = 'Password must be at least 6 characters';
  if (fields.confirmPassword !== fields.password) errors.confirmPassword = 'Passwords do not match';
  return errors;
}
