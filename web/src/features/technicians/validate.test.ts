import { describe, expect, it } from 'vitest';
import { validateInvite } from './validate';

const hours = { workingDays: ['Monday'], dayStart: '07:00', dayEnd: '19:00', daysOff: '' };
const valid = { firstName: 'Dana', lastName: 'Tech', email: 'dana@example.com', phone: '', hours };

describe('validateInvite', () => {
  it('passes a whole invitation; the phone is optional', () => {
    expect(Object.values(validateInvite(valid)).filter(Boolean)).toEqual([]);
  });
  it('asks for names and an email, and a day that ends after it starts', () => {
    const messages = validateInvite({
      ...valid,
      firstName: ' ',
      email: 'dana',
      hours: { ...hours, dayStart: '10:00', dayEnd: '09:00' },
    });
    expect(messages.firstName).toBeTruthy();
    expect(messages.email).toBe('Email is invalid');
    expect(messages.hours).toBe('The working day must end after it starts.');
  });
});
