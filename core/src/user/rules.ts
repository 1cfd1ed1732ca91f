/**
 * The password rules both the forms and the server apply (doc 1 §5). Pure:
 * the web imports it without pulling in the data layer.
 */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 200;

export const passwordMessages = {
  required: 'Password is required',
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  mismatch: 'Passwords do not match',
} as const;
