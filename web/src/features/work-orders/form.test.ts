import { describe, expect, it } from 'vitest';
import { emptyValues, liveTotals, rules, toInput, valuesOf, type WorkOrderFormValues } from './form';
import type { WorkOrderJson } from './types';

const defaults = { hourlyRate: 75, taxRate: 0.08 };

const filled = (over: Partial<WorkOrderFormValues> = {}): WorkOrderFormValues => ({
  ...emptyValues(defaults),
  customerName: ' Pat Lee ',
  customerEmail: ' pat@example.com ',
  customerPhone: '610-555-0100',
  vehicleYear: '2019',
  vehicleMake: 'Honda',
  vehicleModel: 'Civic',
  description: 'Brake pads',
  ...over,
});

describe('a new work order', () => {
  it('starts as a draft with one hour at the shop rate and the shop tax rate (doc 2 §9)', () => {
    const values = emptyValues(defaults);
    expect(values.status).toBe('draft');
    expect(values.laborItems).toEqual([{ description: '', hours: '1', hourlyRate: '75.00' }]);
    expect(values.partItems).toEqual([]);
    expect(values.taxRate).toBe('0.08');
  });

  it('takes the booking it is made from (doc 2 §2 Create Work Order)', () => {
    const values = emptyValues(defaults, {
      customerName: 'Casey Tester',
      customerEmail: 'casey@example.com',
      customerPhone: '',
      vehicleYear: 2019,
      vehicleMake: 'Honda',
      vehicleModel: 'Civic',
      vehicleColor: 'Blue',
      serviceDescription: 'Full Detail',
      relatedBooking: 'b-1',
      address: { street: '12 Gay St, Apt 4', city: 'West Chester', state: 'PA', zipCode: '19380' },
    });
    expect(values).toMatchObject({
      customerName: 'Casey Tester',
      customerEmail: 'casey@example.com',
      street: '12 Gay St, Apt 4',
      city: 'West Chester',
      state: 'PA',
      zipCode: '19380',
      vehicleYear: '2019',
      vehicleMake: 'Honda',
      vehicleModel: 'Civic',
      vehicleColor: 'Blue',
      description: 'Full Detail',
      relatedBooking: 'b-1',
    });
  });

  it('leaves the rates blank when the defaults could not be read', () => {
    const values = emptyValues(null);
    expect(values.taxRate).toBe('');
    expect(values.laborItems[0]?.hourlyRate).toBe('');
  });
});

describe('the rules (doc 2 §5)', () => {
  it('require the customer, vehicle and service fields', () => {
    expect(rules.customerName('  ')).toBe('Customer name is required.');
    expect(rules.customerPhone('')).toBe('Customer phone is required.');
    expect(rules.customerEmail('')).toBe('Customer email is required.');
    expect(rules.customerEmail('pat@')).toBe('Enter a valid email address.');
    expect(rules.customerEmail('pat@example.com')).toBeUndefined();
    expect(rules.vehicleMake('')).toBe('Vehicle make is required.');
    expect(rules.vehicleModel('')).toBe('Vehicle model is required.');
    expect(rules.description(' ')).toBe('Service description is required.');
    expect(rules.customerPhone('call me')).toBe(
      'Customer phone must be a phone number such as (610) 555-0123.',
    );
    expect(rules.zipCode('1938')).toBe('ZIP code must look like 19380 or 19380-1234.');
    expect(rules.zipCode('')).toBeUndefined();
    expect(rules.vin('1HGO4')).toBe('VIN must be 5 to 17 letters and digits (no I, O or Q).');
  });

  it('check the year from 1900 to next year', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(rules.vehicleYear('', now)).toBe('Vehicle year is required.');
    expect(rules.vehicleYear('1899', now)).toBe('Vehicle year must be a year from 1900 to 2027.');
    expect(rules.vehicleYear('2027', now)).toBeUndefined();
    expect(rules.vehicleYear('2028', now)).toBe('Vehicle year must be a year from 1900 to 2027.');
  });

  it('take hours in quarters, rates and prices in cents, whole quantities, tax in thousandths', () => {
    expect(rules.hours('1.25')).toBeUndefined();
    expect(rules.hours('1.3')).toBe('Hours go in steps of 0.25.');
    expect(rules.hours('-1')).toMatch(/between 0/);
    expect(rules.hours('')).toMatch(/between 0/);
    expect(rules.hourlyRate('75.50')).toBeUndefined();
    expect(rules.hourlyRate('75.505')).toMatch(
      /^Hourly rate must be an amount from \$0.00 to .*, in dollars and cents\.$/,
    );
    expect(rules.unitPrice('-1')).toMatch(/^Unit price must be an amount from \$0.00/);
    expect(rules.quantity('2')).toBeUndefined();
    expect(rules.quantity('1.5')).toMatch(/whole number/);
    expect(rules.taxRate('0.06')).toBeUndefined();
    expect(rules.taxRate('0.0625')).toBe('Tax rate goes in steps of 0.001.');
    expect(rules.taxRate('8')).toMatch(/fraction/);
    expect(rules.mileage('')).toBeUndefined();
    expect(rules.mileage('12.5')).toBe('Mileage must be a whole number.');
  });
});

describe('liveTotals (core priceWorkOrder)', () => {
  it('adds labor and parts and the tax, rounding once per line and once for the tax', () => {
    const totals = liveTotals({
      laborItems: [
        { description: 'Diagnose', hours: '1.5', hourlyRate: '75' },
        { description: 'Fit', hours: '0.25', hourlyRate: '99.99' },
      ],
      partItems: [{ partNumber: 'BP-1', description: 'Pads', quantity: '2', unitPrice: '45.50' }],
      taxRate: '0.06',
    });
    // 1.5 × 75 = 112.50; 0.25 × 99.99 = 24.9975 → 25.00; 2 × 45.50 = 91.00.
    expect(totals.laborLines).toEqual([11250, 2500]);
    expect(totals.partLines).toEqual([9100]);
    expect(totals.laborSubtotalCents).toBe(13750);
    expect(totals.partsSubtotalCents).toBe(9100);
    expect(totals.subtotalCents).toBe(22850);
    // 228.50 × 0.06 = 13.71.
    expect(totals.taxAmountCents).toBe(1371);
    expect(totals.totalAmountCents).toBe(24221);
    expect(totals.taxRate).toBe(0.06);
  });

  it('counts a line that is not valid yet as nothing, and an invalid tax rate as no tax', () => {
    const totals = liveTotals({
      laborItems: [
        { description: '', hours: '1.3', hourlyRate: '75' },
        { description: '', hours: '2', hourlyRate: '50' },
      ],
      partItems: [{ partNumber: '', description: '', quantity: '1', unitPrice: '' }],
      taxRate: 'x',
    });
    expect(totals.laborLines).toEqual([null, 10000]);
    expect(totals.partLines).toEqual([null]);
    expect(totals.subtotalCents).toBe(10000);
    expect(totals.taxRate).toBeNull();
    expect(totals.taxAmountCents).toBe(0);
    expect(totals.totalAmountCents).toBe(10000);
  });

  it('is zero for no lines', () => {
    const totals = liveTotals({ laborItems: [], partItems: [], taxRate: '0.08' });
    expect(totals.totalAmountCents).toBe(0);
  });
});

describe('toInput', () => {
  it('sends trimmed text, numbers in dollars, no totals, and null for empty optional values', () => {
    const input = toInput(
      filled({
        laborItems: [{ description: ' Diagnose ', hours: '1.5', hourlyRate: '75.00' }],
        partItems: [{ partNumber: 'BP-1', description: 'Pads', quantity: '2', unitPrice: '45.5' }],
        taxRate: '0.06',
      }),
    );
    expect(input.customer).toEqual({
      name: 'Pat Lee',
      email: 'pat@example.com',
      phone: '610-555-0100',
      address: { street: '', city: '', state: '', zipCode: '' },
    });
    expect(input.vehicle).toMatchObject({ year: 2019, make: 'Honda', model: 'Civic', mileage: null });
    expect(input.laborItems).toEqual([{ description: 'Diagnose', hours: 1.5, hourlyRate: 75 }]);
    expect(input.partItems).toEqual([
      { partNumber: 'BP-1', description: 'Pads', quantity: 2, unitPrice: 45.5 },
    ]);
    expect(input.pricing).toEqual({ taxRate: 0.06 });
    expect(input.scheduledDate).toBeNull();
    expect(input.relatedBooking).toBeNull();
    expect(JSON.stringify(input)).not.toContain('total');
  });

  it('round-trips a saved work order through the form', () => {
    const saved: WorkOrderJson = {
      _id: 'w1',
      workOrderNumber: 'WO-2026-0001',
      customer: {
        name: 'Pat Lee',
        email: 'pat@example.com',
        phone: '610',
        address: { street: '1 Main St', city: 'West Chester', state: 'PA', zipCode: '19380' },
      },
      vehicle: {
        year: 2019,
        make: 'Honda',
        model: 'Civic',
        vin: 'VIN1',
        licensePlate: 'ABC',
        mileage: 42000,
        color: 'Blue',
      },
      serviceDetails: {
        description: 'Brakes',
        customerComplaints: 'Squeal',
        diagnosis: 'Worn',
        workPerformed: '',
        recommendations: '',
      },
      laborItems: [{ description: 'Fit', hours: 1.25, hourlyRate: 80, total: 100 }],
      partItems: [{ partNumber: 'P', description: 'Pads', quantity: 2, unitPrice: 10.5, total: 21 }],
      pricing: {
        taxRate: 0.08,
        laborSubtotal: 100,
        partsSubtotal: 21,
        subtotal: 121,
        taxAmount: 9.68,
        totalAmount: 130.68,
      },
      status: 'approved',
      scheduledDate: '2026-12-01',
      internalNotes: 'gate code 1234',
      customerNotes: 'Thanks',
      relatedBooking: 'b-9',
      emailSent: false,
      emailSentDate: null,
      acknowledgment: {
        isRequired: false,
        isAcknowledged: false,
        state: 'not_required',
        acknowledgmentDate: null,
        tokenExpiresAt: null,
        hasSignature: false,
        inPerson: null,
        history: [],
      },
      payment: null,
      paidWithBooking: null,
      statusHistory: [],
      priceApproval: { awaiting: [], approvedTotal: null, codeSentTo: null, history: [] },
      inspection: null,
      photos: [],
      estimate: { lines: [], approval: null },
      photoLimit: 10,
      createdAt: '2026-11-22T10:00:00.000Z',
      updatedAt: '2026-11-22T10:00:00.000Z',
    };
    const values = valuesOf(saved);
    expect(values.laborItems[0]).toEqual({ description: 'Fit', hours: '1.25', hourlyRate: '80.00' });
    expect(values.partItems[0]?.unitPrice).toBe('10.50');
    const input = toInput(values);
    expect(input).toEqual({
      customer: saved.customer,
      vehicle: saved.vehicle,
      serviceDetails: saved.serviceDetails,
      laborItems: [{ description: 'Fit', hours: 1.25, hourlyRate: 80 }],
      partItems: [{ partNumber: 'P', description: 'Pads', quantity: 2, unitPrice: 10.5 }],
      pricing: { taxRate: 0.08 },
      status: 'approved',
      scheduledDate: '2026-12-01',
      internalNotes: 'gate code 1234',
      customerNotes: 'Thanks',
      relatedBooking: 'b-9',
    });
    // The live totals agree with what the server computed.
    const totals = liveTotals(values);
    expect(totals.totalAmountCents).toBe(13068);
  });
});
