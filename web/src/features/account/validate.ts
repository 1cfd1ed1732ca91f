import { MOBILE_MESSAGE, toUsE164 } from '@app/core/rules/phone';
import type { FieldMessages } from '../../lib/forms';

/** Opting in to texts (issue 21): a US mobile number, and the consent ticked (the button waits for it). */
export type TextsConsentFields = { mobile: string; agreed: boolean };

export function validateTextsConsent(values: TextsConsentFields): FieldMessages<TextsConsentFields> {
  return { mobile: toUsE164(values.mobile) ? undefined : MOBILE_MESSAGE };
}
