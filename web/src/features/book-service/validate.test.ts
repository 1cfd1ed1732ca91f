import { describe, expect, it } from 'vitest';
import { zipMessage } from '@app/core/rules/fields';
import {
  type BookingDetailsFields,
  validateBookingDetails,
  validateReschedule,
  validateZip,
} from './validate';

const valid: BookingDetailsFields = {
  clientFirstName: 'Casey',
  clientLastName: 'Tester',
  vehicleMake: 'Honda',
  vehicleModel: 'Civic',
  vehicleYear: '2019',
  vehicleColor: 'Blue',
  notes: '',
  phone: '',
  photoIds: [],
  acceptTerms: true,
};
const today = '2026-11-22';
const messages = (fields: Partial<BookingDetailsFields>) =>
  Object.fromEntries(
    Object.entries(validateBookingDetails({ ...valid, ...fields }, today)).filter(([, message]) => message),
  );

describe('the booking confirm form (doc 1 §5)', () => {
  it('accepts a complete form with empty notes', () => {
    expect(messages({})).toEqual({});
  });

  it('asks for a photo only when the service requires one (issue 34)', () => {
    const withRule = (photoIds: string[]) =>
      validateBookingDetails({ ...valid, photoIds }, today, false, true).photoIds;
    expect(withRule([])).toBe('This service needs at least one photo.');
    expect(withRule(['pho_1'])).toBeUndefined();
    expect(validateBookingDetails(valid, today).photoIds).toBeUndefined();
  });

  it('requires names, make, model, year, color and the terms, each with its own message', () => {
    expect(
      messages({
        clientFirstName: ' ',
        clientLastName: '',
        vehicleMake: '',
        vehicleModel: '\t',
        vehicleYear: '',
        vehicleColor: '',
        acceptTerms: false,
      }),
    ).toEqual({
      clientFirstName: 'First name is required',
      clientLastName: 'Last name is required',
      vehicleMake: 'Vehicle make is required.',
      vehicleModel: 'Vehicle model is required.',
      vehicleYear: 'Vehicle year is required.',
      vehicleColor: 'Vehicle color is required.',
      acceptTerms: 'Please accept the terms and conditions to book',
    });
  });

  it('takes a vehicle year from 1900 to next year', () => {
    const wrong = 'Vehicle year must be a year from 1900 to 2027.';
    expect(messages({ vehicleYear: '1900' })).toEqual({});
    expect(messages({ vehicleYear: '2027' })).toEqual({});
    expect(messages({ vehicleYear: '1899' })).toEqual({ vehicleYear: wrong });
    expect(messages({ vehicleYear: '2028' })).toEqual({ vehicleYear: wrong });
    expect(messages({ vehicleYear: '19.5' })).toEqual({ vehicleYear: wrong });
    expect(messages({ vehicleYear: '-2000' })).toEqual({ vehicleYear: wrong });
  });

  it('keeps texts within the booking limits', () => {
    expect(messages({ clientFirstName: 'a'.repeat(81) })).toEqual({
      clientFirstName: 'First name must be at most 80 characters',
    });
    expect(messages({ vehicleMake: 'a'.repeat(61), vehicleColor: 'b'.repeat(41) })).toEqual({
      vehicleMake: 'Vehicle make must be at most 60 characters.',
      vehicleColor: 'Vehicle color must be at most 40 characters.',
    });
    expect(messages({ notes: 'n'.repeat(1001) })).toEqual({
      notes: 'Notes must be at most 1000 characters.',
    });
    expect(messages({ notes: 'n'.repeat(1000) })).toEqual({});
  });

  it('asks for a US phone number when the account has none (issue 30), and only then', () => {
    const asked = (phone: string) => validateBookingDetails({ ...valid, phone }, today, true).phone ?? null;
    expect(asked('')).toBe('Phone number is required.');
    expect(asked('call me')).toBe('Phone number must be a US number such as (610) 555-0123.');
    expect(asked('+44 20 7946 0958')).toBe('Phone number must be a US number such as (610) 555-0123.');
    expect(asked('(610) 555-0123')).toBeNull();
    expect(asked('610.555.0123')).toBeNull();
    expect(messages({ phone: '' })).toEqual({});
  });
});

describe('validateReschedule', () => {
  it('asks for a date and a time', () => {
    expect(validateReschedule({})).toEqual({ date: 'Choose a date.', time: 'Choose a time.' });
    expect(validateReschedule({ date: '2026-12-01', time: '10:00' })).toEqual({
      date: undefined,
      time: undefined,
    });
  });
});

describe('validateZip', () => {
  it('asks for a ZIP, then checks it with core’s rule; a valid one passes', () => {
    expect(validateZip({ zipCode: '  ' })).toEqual({ zipCode: 'Please enter your ZIP code.' });
    expect(validateZip({ zipCode: '1938' })).toEqual({ zipCode: zipMessage });
    expect(validateZip({ zipCode: ' 19380 ' })).toEqual({ zipCode: undefined });
    expect(validateZip({ zipCode: '19380-1234' })).toEqual({ zipCode: undefined });
  });
});
