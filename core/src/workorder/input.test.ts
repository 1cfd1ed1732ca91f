import { describe, expect, it } from 'vitest';
import { UpdateInput, WorkOrderInput } from './input';

/** Core's work-order form (decision 064): money in cents, texts by the field rules, PUT's two shapes. */
const form = (overrides: Record<string, unknown> = {}) => ({
  customer: { name: ' Jordan Fixit ', email: 'jordan@example.com', phone: '(610) 555-0199', address: null },
  vehicle: { year: 2018, make: 'Honda', model: 'Accord', vin: null, licensePlate: 'kzt-4411' },
  serviceDetails: { description: 'Brakes', diagnosis: null },
  laborItems: [
    { description: 'Pads', hours: 1.5, hourlyRateCents: 7500 },
    { description: 'Check', hours: 1 },
  ],
  partItems: [{ partNumber: null, description: 'Pad', quantity: 2, unitPriceCents: 4999 }],
  ...overrides,
});
const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('the work-order form as core takes it', () => {
  it('takes cents, and null for the optional texts the spec client sends empty', () => {
    const parsed = WorkOrderInput.parse(form());
    expect(parsed.customer).toMatchObject({
      name: 'Jordan Fixit',
      address: { street: '', city: '', state: '', zipCode: '' },
    });
    expect(parsed.vehicle).toMatchObject({ vin: '', licensePlate: 'KZT-4411' });
    expect(parsed.serviceDetails.diagnosis).toBe('');
    expect(parsed.laborItems).toEqual([
      { description: 'Pads', hours: 1.5, hourlyRateCents: 7500 },
      { description: 'Check', hours: 1 },
    ]);
    expect(parsed.partItems).toEqual([
      { partNumber: '', description: 'Pad', quantity: 2, unitPriceCents: 4999 },
    ]);
  });

  it('does not read dollars: a line priced only in dollars has no price', () => {
    const dollarsOnly = form({ partItems: [{ description: 'Pad', quantity: 1, unitPrice: 49.99 }] });
    expect(firstMessage(WorkOrderInput.safeParse(dollarsOnly))).toMatch(
      /^Unit price must be a whole number of cents/,
    );
    const fraction = form({ partItems: [{ description: 'Pad', quantity: 1, unitPriceCents: 49.5 }] });
    expect(WorkOrderInput.safeParse(fraction).success).toBe(false);
  });

  it("says the field rules' words for texts", () => {
    const long = form({ serviceDetails: { description: 'x'.repeat(2001) } });
    expect(firstMessage(WorkOrderInput.safeParse(long))).toBe(
      'Service description must be at most 2000 characters.',
    );
    const broken = form({ vehicle: { year: 2018, make: 'Hon\nda', model: 'Accord' } });
    expect(firstMessage(WorkOrderInput.safeParse(broken))).toBe('Vehicle make cannot contain line breaks.');
  });
});

describe("PUT's body", () => {
  it('is exactly { status }, or else the full form', () => {
    expect(UpdateInput.parse({ status: 'billed' })).toEqual({ kind: 'status', status: 'billed' });
    expect(firstMessage(UpdateInput.safeParse({ status: 'lost' }))).toMatch(/^Status must be one of/);
    const full = UpdateInput.parse({ ...form(), status: 'approved' });
    expect(full).toMatchObject({ kind: 'form', form: { status: 'approved' } });
    // A body that names `kind` itself is still just a form.
    expect(firstMessage(UpdateInput.safeParse({ kind: 'status', status: 'billed' }))).toBe(
      'Customer name, email and phone are required.',
    );
  });
});
