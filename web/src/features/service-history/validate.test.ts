import { describe, expect, it } from 'vitest';
import { westChesterHome } from '../../../../tests/address-fixtures';
import { emptyAddress } from '../../lib/address-form';
import { type BookingEditFields, changedAddress, validateBookingEdit, validateEditAddress } from './validate';

const valid: BookingEditFields = {
  vehicleMake: 'Honda',
  vehicleModel: 'Civic',
  vehicleYear: 2019,
  vehicleColor: 'Blue',
  notes: '',
};
const problems = (values: Partial<BookingEditFields>) =>
  Object.fromEntries(
    Object.entries(validateBookingEdit({ ...valid, ...values }, '2026-11-22')).filter(([, m]) => m),
  );

describe('the booking edit form (doc 2 §5)', () => {
  it('accepts a complete vehicle with or without notes', () => {
    expect(problems({})).toEqual({});
    expect(problems({ notes: 'Gate code 1234' })).toEqual({});
  });

  it('requires make, model, year and colour', () => {
    expect(
      problems({ vehicleMake: ' ', vehicleModel: '', vehicleYear: Number.NaN, vehicleColor: '' }),
    ).toEqual({
      vehicleMake: 'Vehicle make is required.',
      vehicleModel: 'Vehicle model is required.',
      vehicleYear: 'Vehicle year is required.',
      vehicleColor: 'Vehicle color is required.',
    });
  });

  it('takes years from 1900 to next year in the business’s calendar', () => {
    expect(problems({ vehicleYear: 1900 })).toEqual({});
    expect(problems({ vehicleYear: 2027 })).toEqual({});
    const message = 'Vehicle year must be a year from 1900 to 2027.';
    expect(problems({ vehicleYear: 1899 })).toEqual({ vehicleYear: message });
    expect(problems({ vehicleYear: 2028 })).toEqual({ vehicleYear: message });
    expect(problems({ vehicleYear: 2019.5 })).toEqual({ vehicleYear: message });
  });

  it('keeps texts within the server’s limits', () => {
    expect(problems({ vehicleMake: 'x'.repeat(61) })).toEqual({
      vehicleMake: 'Vehicle make must be at most 60 characters.',
    });
    expect(problems({ notes: 'x'.repeat(1001) })).toEqual({
      notes: 'Notes must be at most 1000 characters.',
    });
  });
});

describe('the booking edit’s service address (issue 20)', () => {
  const home = { ...westChesterHome };
  const problemsOf = (messages: Record<string, string | undefined>) =>
    Object.keys(messages).filter((key) => messages[key]);

  it('may stay blank on a booking made without one; once there, it is required', () => {
    expect(problemsOf(validateEditAddress(emptyAddress(), false))).toEqual([]);
    // The edit form holds the vehicle's fields too: they are not the address's.
    const withVehicle = { ...emptyAddress(), vehicleMake: 'Honda', vehicleYear: 2019 };
    expect(problemsOf(validateEditAddress(withVehicle, false))).toEqual([]);
    expect(problemsOf(validateEditAddress(emptyAddress(), true)).sort()).toEqual([
      'city',
      'state',
      'street',
      'zipCode',
    ]);
    expect(problemsOf(validateEditAddress({ ...emptyAddress(), zipCode: '19380' }, false)).sort()).toEqual([
      'city',
      'state',
      'street',
    ]);
  });

  it('is sent only when it changed', () => {
    expect(changedAddress(home, home)).toBeUndefined();
    expect(changedAddress({ ...home, street: ' 12 Gay St ' }, home)).toBeUndefined();
    expect(changedAddress({ ...home, unit: 'Apt 2' }, home)).toEqual({ ...home, unit: 'Apt 2' });
    expect(changedAddress(emptyAddress(), null)).toBeUndefined();
    expect(changedAddress(home, null)).toEqual(home);
  });
});
