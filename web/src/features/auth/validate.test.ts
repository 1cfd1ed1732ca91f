import { describe, expect, it } from 'vitest';
import { validateRegistration } from './validate';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'engine-1843',
  confirmPassword: 'engine-1843',
};

describe('registration form rules (doc 1 §5)', () => {
  it('accepts a complete form', () => {
    expect(validateRegistration(valid)).toEqual({});
  });

  it('names every missing field with the spec texts', () => {
    expect(
      validateRegistration({ firstName: ' ', lastName: '', email: '', password: '', confirmPassword: '' }),
    ).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('checks the email shape, the 6-character minimum and the confirmation', () => {
    expect(validateRegistration({ ...valid, email: 'ada@' }).email).toBe('Email is invalid');
    expect(validateRegistration({ ...valid, password: '12345', confirmPassword: '12345' }).password).toBe(
      'Password must be at least 6 characters',
    );
    expect(validateRegistration({ ...valid, password: '123456', confirmPassword: '123456' })).toEqual({});
    expect(validateRegistration({ ...valid, confirmPassword: 'other' }).confirmPassword).toBe(
      'Passwords do not match',
    );
  });
});
