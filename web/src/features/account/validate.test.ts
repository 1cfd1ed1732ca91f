import { MOBILE_MESSAGE } from '@app/core/rules/phone';
import { describe, expect, it } from 'vitest';
import { validateTextsConsent } from './validate';

describe('validateTextsConsent', () => {
  it('asks for a US mobile number', () => {
    expect(validateTextsConsent({ mobile: '', agreed: true }).mobile).toBe(MOBILE_MESSAGE);
    expect(validateTextsConsent({ mobile: '12', agreed: true }).mobile).toBe(MOBILE_MESSAGE);
    expect(validateTextsConsent({ mobile: '(484) 555-0123', agreed: true }).mobile).toBeUndefined();
  });
});
