import { describe, expect, it } from 'vitest';
import { ackMessages } from './display';
import { type AcknowledgmentFields, validateAcknowledgment } from './validate';

const valid: AcknowledgmentFields = {
  name: 'Casey Tester',
  email: 'casey@example.com',
  includeSignature: false,
  signed: false,
};

describe('validateAcknowledgment', () => {
  it('passes a name and an email, with or without a drawn signature', () => {
    expect(validateAcknowledgment(valid)).toEqual({ name: undefined });
    expect(validateAcknowledgment({ ...valid, includeSignature: true, signed: true })).toEqual({
      name: undefined,
    });
  });

  it('places the form’s one message on the field it is about', () => {
    expect(validateAcknowledgment({ ...valid, name: ' ' })).toEqual({ name: ackMessages.required });
    expect(validateAcknowledgment({ ...valid, email: '' })).toEqual({ name: ackMessages.required });
    expect(validateAcknowledgment({ ...valid, email: 'casey' })).toEqual({ email: ackMessages.badEmail });
    expect(validateAcknowledgment({ ...valid, includeSignature: true })).toEqual({
      includeSignature: ackMessages.noSignature,
    });
  });
});
