import { describe, expect, it } from 'vitest';
import { inPersonMessages, validateInPerson } from './validate';

describe('validateInPerson', () => {
  it("asks for the customer's name, spaces alone are none", () => {
    const none = { choices: {}, termsAccepted: false };
    expect(validateInPerson({ name: '  ', code: '', ...none }).name).toBe(inPersonMessages.name);
    expect(validateInPerson({ name: 'Ana Silva', code: '', ...none }).name).toBeUndefined();
  });

  it('with recommended work: each line answered and the terms accepted first (issue 33)', () => {
    const line = {
      id: 'a',
      description: 'Pads',
      note: '',
      photoIds: [],
      group: null,
      state: 'proposed',
      hours: 0,
      hourlyRate: 75,
      parts: [],
      total: 10,
      previousTotal: null,
    };
    const base = { name: 'Ana Silva', code: '', choices: {}, termsAccepted: true };
    expect(validateInPerson(base, [line]).name).toBe(inPersonMessages.unanswered);
    expect(
      validateInPerson({ ...base, choices: { l0: 'approved' }, termsAccepted: false }, [line]).name,
    ).toBe(inPersonMessages.terms);
    expect(validateInPerson({ ...base, choices: { l0: 'approved' } }, [line]).name).toBeUndefined();
  });
});
