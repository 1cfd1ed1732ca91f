import { describe, expect, it } from 'vitest';
import {
  canAssign,
  changeText,
  customerOf,
  paymentSum,
  priceOf,
  refundMoney,
  serviceOf,
  vehicleOf,
  workOrderPrefillOf,
} from './display';
import type { AdminBooking } from './types';

const booking = (overrides: Partial<AdminBooking> = {}): AdminBooking =>
  ({
    _id: 'bkg_1',
    status: 'Pending',
    serviceName: 'Oil Change',
    servicePrice: 89,
    isCustomService: false,
    customServiceName: null,
    customServicePrice: null,
    user: null,
    clientFirstName: 'Pat',
    clientLastName: 'Phone',
    vehicleYear: 2019,
    vehicleMake: 'Honda',
    vehicleModel: 'Civic',
    vehicleColor: 'Blue',
    serviceAddress: null,
    tripFee: 0,
    statusHistory: [],
    ...overrides,
  }) as AdminBooking;

describe('the desk card', () => {
  it('shows the custom name and price of a custom booking', () => {
    expect(serviceOf(booking())).toBe('Oil Change');
    expect(priceOf(booking())).toBe(89);
    const custom = booking({ isCustomService: true, customServiceName: 'Brakes', customServicePrice: 149.5 });
    expect(serviceOf(custom)).toBe('Brakes');
    expect(priceOf(custom)).toBe(149.5);
    expect(priceOf(booking({ isCustomService: true }))).toBeNull();
  });

  it('names the account once assigned, else the names typed on the booking', () => {
    expect(customerOf(booking())).toEqual({ name: 'Pat Phone', email: null });
    expect(
      customerOf(
        booking({ user: { _id: 'u', firstName: 'Casey', lastName: 'Tester', email: 'c@example.com' } }),
      ),
    ).toEqual({ name: 'Casey Tester', email: 'c@example.com' });
  });

  it('writes the vehicle with the color in parentheses', () => {
    expect(vehicleOf(booking())).toBe('2019 Honda Civic (Blue)');
    expect(vehicleOf(booking({ vehicleColor: ' ' }))).toBe('2019 Honda Civic');
  });

  it('offers assignment only while a customer is awaited', () => {
    expect(canAssign(booking({ status: 'Pending Verification' }))).toBe(true);
    expect(canAssign(booking({ status: 'Pending Customer Verification' }))).toBe(true);
    expect(canAssign(booking({ status: 'Pending' }))).toBe(false);
    expect(canAssign(booking({ status: 'Confirmed' }))).toBe(false);
  });

  it('writes an audit entry as a sentence', () => {
    const by = { _id: 'u', name: 'Shop Admin', role: 'admin' as const };
    expect(changeText({ from: null, to: 'Pending Verification', by, at: '2026-01-01T00:00:00Z' })).toBe(
      'Created as Pending Verification by Shop Admin (admin)',
    );
    expect(changeText({ from: 'Pending', to: 'Confirmed', by, at: '2026-01-01T00:00:00Z' })).toBe(
      'Pending → Confirmed by Shop Admin (admin)',
    );
  });
});

describe('workOrderPrefillOf', () => {
  it('fills a work order from a booking: customer, vehicle, the service as the description, the booking', () => {
    const withAccount = booking({
      user: { _id: 'u', firstName: 'Casey', lastName: 'Tester', email: 'c@example.com' },
    });
    expect(workOrderPrefillOf(withAccount)).toEqual({
      customerName: 'Casey Tester',
      customerEmail: 'c@example.com',
      customerPhone: '',
      vehicleYear: 2019,
      vehicleMake: 'Honda',
      vehicleModel: 'Civic',
      vehicleColor: 'Blue',
      serviceDescription: 'Oil Change',
      relatedBooking: withAccount._id,
      address: null,
    });
  });

  it("takes the booking's service address, the unit with the street (issue 20)", () => {
    const withAddress = booking({
      serviceAddress: {
        street: '12 Gay St',
        unit: 'Apt 4',
        city: 'West Chester',
        state: 'PA',
        zipCode: '19380',
        accessNotes: 'Gate 1234',
      },
    });
    expect(workOrderPrefillOf(withAddress).address).toEqual({
      street: '12 Gay St, Apt 4',
      city: 'West Chester',
      state: 'PA',
      zipCode: '19380',
    });
    const noUnit = booking({
      serviceAddress: {
        street: '1 Market St',
        unit: '',
        city: 'Exton',
        state: 'PA',
        zipCode: '19341',
        accessNotes: '',
      },
    });
    expect(workOrderPrefillOf(noUnit).address?.street).toBe('1 Market St');
  });

  it('takes the typed names and the custom service of a booking without an account', () => {
    const custom = booking({ isCustomService: true, customServiceName: 'Brakes' });
    expect(workOrderPrefillOf(custom)).toMatchObject({
      customerName: 'Pat Phone',
      customerEmail: '',
      serviceDescription: 'Brakes',
    });
  });
});

describe('a tip on the desk (issue 35)', () => {
  it('the payment shows the tip apart from the amount', () => {
    expect(paymentSum({ amount: 89.5, tip: 17.9 })).toBe('$89.50 + tip $17.90');
    expect(paymentSum({ amount: 89.5, tip: 0 })).toBe('$89.50');
  });

  it('a refund lists the tip given back as its own line, never as "Refunded $0.00"', () => {
    expect(refundMoney({ amount: 40, tip: 17.9 })).toBe('Refunded $40.00 · Tip refunded $17.90');
    expect(refundMoney({ amount: 0, tip: 10 })).toBe('Tip refunded $10.00');
    expect(refundMoney({ amount: 40, tip: 0 })).toBe('Refunded $40.00');
  });
});
