import { MOBILE_MESSAGE, toUsE164 } from '@app/core/rules/phone';
import type { FieldMessages } from '../../lib/forms';

/** Opting in to texts (issue 21): a US mobile number, and the consent ticked (the button waits for it). */
export type TextsConsentFields = { mobile: string; agreed: boolean };

export function validateTextsConsent(values: TextsConsentFields): FieldMessages<TextsConsentFields> {
  return { mobile: toUsE164(values.mobile) ? undefined : MOBILE_MESSAGE };
}

/** Change password: the three fields (each required by the browser). */
export type ChangePasswordFields = { currentPassword: string; newPassword: string; confirmPassword: string };

export const changePasswordMessages = { mismatch: 'New passwords do not match.' } as const;

/** The new password typed twice the same (doc 2 §5); the server checks the rest. */
export function validateChangePassword(values: ChangePasswordFields): FieldMessages<ChangePasswordFields> {
  return {
    confirmPassword:
      values.newPassword !== values.confirmPassword ? changePasswordMessages.mismatch : undefined,
  };
}
