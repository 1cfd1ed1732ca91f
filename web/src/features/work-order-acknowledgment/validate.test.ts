import { describe, expect, it } from 'vitest';
import { proposedLine } from '../../components/estimate/test-lines';
import { ackMessages } from './display';
import { type AcknowledgmentFields, validateAcknowledgment } from './validate';

const valid: AcknowledgmentFields = {
  name: 'Casey Tester',
  email: 'casey@example.com',
  includeSignature: false,
  signed: false,
  choices: {},
  estimateOpen: false,
  termsAccepted: false,
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

describe('validateAcknowledgment with recommended work (issue 33)', () => {
  const lines = [proposedLine('a'), proposedLine('b', 'Pads'), proposedLine('c', 'Pads')];
  const open = { ...valid, estimateOpen: true, includeSignature: true, signed: true, termsAccepted: true };

  it('asks for each line and a pick of each group, then the terms, then the signature', () => {
    expect(validateAcknowledgment({ ...open, choices: { l0: 'approved' } }, lines).choices).toBeDefined();
    expect(validateAcknowledgment({ ...open, choices: { g0: 'b' } }, lines).choices).toBeDefined();
    const answered = { l0: 'deferred', g0: 'none' };
    expect(
      validateAcknowledgment({ ...open, choices: answered, termsAccepted: false }, lines).termsAccepted,
    ).toBeDefined();
    expect(
      validateAcknowledgment({ ...open, choices: answered, signed: false }, lines).includeSignature,
    ).toBeDefined();
    expect(validateAcknowledgment({ ...open, choices: answered }, lines)).toEqual({ name: undefined });
  });
});
