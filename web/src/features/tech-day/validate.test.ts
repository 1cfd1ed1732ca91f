import { describe, expect, it } from 'vitest';
import { inPersonMessages, validateInPerson } from './validate';

describe('validateInPerson', () => {
  it("asks for the customer's name, spaces alone are none", () => {
    expect(validateInPerson({ name: '  ', code: '' }).name).toBe(inPersonMessages.name);
    expect(validateInPerson({ name: 'Ana Silva', code: '' }).name).toBeUndefined();
  });
});
