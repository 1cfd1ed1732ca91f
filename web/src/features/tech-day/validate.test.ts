import { describe, expect, it } from 'vitest';
import { inPersonMessages, validateInPerson } from './validate';

describe('validateInPerson', () => {
  it("asks for the customer's name, spaces alone are none", () => {
    const none = { choices: {}, termsAccepted: false };
    expect(validateInPerson({ name: '  ', code: '', ...none }).name).toBe(inPersonMessages.name);
    expect(validateInPerson({ name: 'Ana Silva', code: '', ...none }).name).toBeUndefined();
  });

  it('with recommended work: each line answered and the terms accepted first (issue 33)', () => {
    const lines = [{ id: 'a', state: 'proposed', group: null }] as unknown as Parameters<
      typeof validateInPerson
    >[1];
    const base = { name: 'Ana Silva', code: '', choices: {}, termsAccepted: true };
    expect(validateInPerson(base, lines).name).toBe(inPersonMessages.unanswered);
    const answered = { ...base, choices: { l0: 'approved' } };
    expect(validateInPerson({ ...answered, termsAccepted: false }, lines).name).toBe(inPersonMessages.terms);
    expect(validateInPerson(answered, lines).name).toBeUndefined();
  });
});
