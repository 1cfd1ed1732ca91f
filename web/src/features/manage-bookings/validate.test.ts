import { vehicleYearMessages } from '@app/core/rules/fields';
import { describe, expect, it } from 'vitest';
import { westChesterHome } from '../../../../tests/address-fixtures';
import { emptyFilters } from './list';
import { deskMessages } from './messages';
import {
  validateRefund,
  CUSTOM_BOOKING_TIMES,
  customBookingBody,
  customBookingDefaults,
  type CustomBookingFields,
  newCustomerBody,
  validateCustomBooking,
  validateNewCustomer,
  validateBookingSearch,
} from './validate';

const TODAY = '2026-11-22';

const valid = (overrides: Partial<CustomBookingFields> = {}): CustomBookingFields => ({
  ...customBookingDefaults(),
  serviceId: 'svc_1',
  date: '2026-11-23',
  time: '10:30',
  clientFirstName: 'Pat',
  clientLastName: 'Phone',
  vehicleMake: 'Toyota',
  vehicleModel: 'Camry',
  vehicleYear: '2018',
  street: '12 Gay St',
  city: 'West Chester',
  state: 'pa',
  zipCode: '19380',
  ...overrides,
});

const problems = (fields: CustomBookingFields) =>
  Object.fromEntries(Object.entries(validateCustomBooking(fields, TODAY)).filter(([, m]) => m));

describe('the custom booking form', () => {
  it('offers every 30 minutes from 09:00 to 17:30', () => {
    expect(CUSTOM_BOOKING_TIMES[0]).toBe('09:00');
    expect(CUSTOM_BOOKING_TIMES.at(-1)).toBe('17:30');
    expect(CUSTOM_BOOKING_TIMES).toHaveLength(18);
    expect(CUSTOM_BOOKING_TIMES).toContain('12:30');
  });

  it('defaults the duration to 60 and the mode to an existing service', () => {
    expect(customBookingDefaults()).toMatchObject({ duration: '60', isCustomService: false });
  });

  it('accepts a valid booking in either mode', () => {
    expect(problems(valid())).toEqual({});
    expect(
      problems(
        valid({ isCustomService: true, serviceId: '', customServiceName: 'Brakes', customServicePrice: '0' }),
      ),
    ).toEqual({});
    expect(problems(valid({ date: TODAY }))).toEqual({});
  });

  it('requires the service address (issue 20) and sends it trimmed, the state in capitals', () => {
    const missing = problems(valid({ street: ' ', city: '', state: '', zipCode: '' }));
    expect(Object.keys(missing).sort()).toEqual(['city', 'state', 'street', 'zipCode']);
    expect(problems(valid({ zipCode: '1938' }))).toHaveProperty('zipCode');
    expect(problems(valid({ state: 'Penn' }))).toHaveProperty('state');
    expect(
      customBookingBody(valid({ street: ' 12 Gay St ', accessNotes: ' gate 4 ' })).serviceAddress,
    ).toEqual({
      street: '12 Gay St',
      unit: '',
      city: 'West Chester',
      state: 'PA',
      zipCode: '19380',
      accessNotes: 'gate 4',
    });
  });

  it('requires a service in service mode, the name and price in custom mode', () => {
    expect(problems(valid({ serviceId: '' }))).toHaveProperty('serviceId');
    const custom = problems(valid({ isCustomService: true, serviceId: '' }));
    expect(Object.keys(custom).sort()).toEqual(['customServiceName', 'customServicePrice']);
  });

  it('takes a price of 0 or more with at most two decimals', () => {
    const price = (customServicePrice: string) =>
      problems(valid({ isCustomService: true, customServiceName: 'X', customServicePrice }))
        .customServicePrice;
    expect(price('149.99')).toBeUndefined();
    expect(price('12.5')).toBeUndefined();
    expect(price('-1')).toBeDefined();
    expect(price('1.005')).toBeDefined();
    expect(price('abc')).toBeDefined();
  });

  it('refuses a date before today, a time off the list and a duration off the 15-minute steps', () => {
    expect(problems(valid({ date: '2026-11-21' }))).toHaveProperty('date');
    expect(problems(valid({ time: '08:30' }))).toHaveProperty('time');
    expect(problems(valid({ time: '10:15' }))).toHaveProperty('time');
    for (const duration of ['0', '10', '50', '', '15.5', '-15'])
      expect(problems(valid({ duration })), duration).toHaveProperty('duration');
    for (const duration of ['15', '45', '120']) expect(problems(valid({ duration }))).toEqual({});
  });

  it('requires the names, make, model and year (1900 to next year); color and notes are optional', () => {
    const empty = problems(
      valid({ clientFirstName: ' ', clientLastName: '', vehicleMake: '', vehicleModel: '', vehicleYear: '' }),
    );
    expect(Object.keys(empty).sort()).toEqual([
      'clientFirstName',
      'clientLastName',
      'vehicleMake',
      'vehicleModel',
      'vehicleYear',
    ]);
    expect(problems(valid({ vehicleYear: '1899' }))).toHaveProperty('vehicleYear');
    expect(problems(valid({ vehicleYear: '2028' }))).toHaveProperty('vehicleYear');
    expect(problems(valid({ vehicleYear: '2027' }))).toEqual({});
    expect(problems(valid({ vehicleColor: '', notes: '' }))).toEqual({});
  });

  it('sends only the chosen mode, numbers as numbers, and the spec’s flags', () => {
    expect(customBookingBody(valid({ vehicleColor: ' Red ', notes: '' }))).toEqual({
      isCustomService: false,
      serviceId: 'svc_1',
      date: '2026-11-23',
      time: '10:30',
      duration: 60,
      clientFirstName: 'Pat',
      clientLastName: 'Phone',
      vehicleMake: 'Toyota',
      vehicleModel: 'Camry',
      vehicleYear: 2018,
      vehicleColor: 'Red',
      serviceAddress: westChesterHome,
      createdByAdmin: true,
      requiresCustomerVerification: true,
      status: 'Pending Verification',
    });
    const custom = customBookingBody(
      valid({ isCustomService: true, customServiceName: ' Brakes ', customServicePrice: '149.5' }),
    );
    expect(custom).toMatchObject({
      isCustomService: true,
      customServiceName: 'Brakes',
      customServicePrice: 149.5,
    });
    expect(custom).not.toHaveProperty('serviceId');
  });
});

describe('the new customer form', () => {
  it('requires first name, last name and a valid email; phone is optional', () => {
    const ok = { firstName: 'Pat', lastName: 'Phone', email: 'pat@example.com', phone: '' };
    expect(Object.values(validateNewCustomer(ok)).filter(Boolean)).toEqual([]);
    const bad = validateNewCustomer({ firstName: '', lastName: ' ', email: 'not-an-email', phone: '' });
    expect(bad.firstName).toBeDefined();
    expect(bad.lastName).toBeDefined();
    expect(bad.email).toBe('Please enter a valid email address');
    expect(newCustomerBody({ ...ok, phone: ' ' })).toEqual({
      firstName: 'Pat',
      lastName: 'Phone',
      email: 'pat@example.com',
    });
    expect(newCustomerBody({ ...ok, phone: '610-555-0100' })).toHaveProperty('phone', '610-555-0100');
  });
});

describe('validateRefund', () => {
  it("takes core's money rule: at least a cent, at most what is left, whole cents; then a reason", () => {
    expect(validateRefund({ amount: '20.00', reason: 'Scratch' }, 2000)).toEqual({
      amount: undefined,
      reason: undefined,
    });
    for (const amount of ['', '0', '20.01', '1.234', 'ten'])
      expect(validateRefund({ amount, reason: 'Scratch' }, 2000).amount).toBe(deskMessages.refundAmount);
    expect(validateRefund({ amount: '5', reason: ' ' }, 2000).reason).toBe(deskMessages.refundReason);
  });

  it('takes the tip to give back apart (decision 130): at most the tip left; with it, the amount may be 0', () => {
    expect(validateRefund({ amount: '', tip: '4.50', reason: 'Tip' }, 2000, 450)).toEqual({
      amount: undefined,
      tip: undefined,
      reason: undefined,
    });
    expect(validateRefund({ amount: '0', tip: '4', reason: 'Tip' }, 2000, 450).amount).toBeUndefined();
    expect(validateRefund({ amount: '10', tip: '1', reason: 'Both' }, 2000, 450).amount).toBeUndefined();
    for (const tip of ['4.51', '1.234', 'ten', '-1'])
      expect(validateRefund({ amount: '', tip, reason: 'Tip' }, 2000, 450).tip).toBe(deskMessages.refundTip);
    // No tip to give back: the amount's rule as before.
    expect(validateRefund({ amount: '', tip: '0', reason: 'Tip' }, 2000, 450).amount).toBe(
      deskMessages.refundAmount,
    );
  });
});

describe('validateBookingSearch', () => {
  it('leaves every filter optional, and checks a year when one is given', () => {
    const none = emptyFilters;
    expect(validateBookingSearch(none, TODAY)).toEqual({ year: undefined });
    expect(validateBookingSearch({ ...none, year: '2019' }, TODAY)).toEqual({ year: undefined });
    expect(validateBookingSearch({ ...none, year: '1800' }, TODAY).year).toBe(
      vehicleYearMessages.range(TODAY),
    );
    expect(validateBookingSearch({ ...none, year: 'abc' }, TODAY).year).toBe(
      vehicleYearMessages.range(TODAY),
    );
  });
});
