import type { WorkOrder } from '@app/core/workorder/model';
import { priceWorkOrder } from '@app/core/workorder/pricing';

/**
 * A work order as core keeps it, for the unit tests that render it (PDF, PNG): Dana Whitfield's 2018
 * Honda Accord, `lines.labor` labor and `lines.parts` part lines priced at 8% tax; `overrides` win.
 */
export function workOrder(overrides: Partial<WorkOrder> = {}, lines = { labor: 2, parts: 2 }): WorkOrder {
  const priced = priceWorkOrder({
    laborItems: Array.from({ length: lines.labor }, (_, i) => ({
      description: `Labor line ${i + 1}`,
      hours: 0.25 * (i + 1),
      hourlyRateCents: 7500 + i,
    })),
    partItems: Array.from({ length: lines.parts }, (_, i) => ({
      partNumber: `PN-${1000 + i}`,
      description: `Part ${i + 1}`,
      quantity: (i % 4) + 1,
      unitPriceCents: 1999 + 37 * i,
    })),
    taxRate: 0.08,
  });
  return {
    id: '01J0000000000000000000000',
    workOrderNumber: 'WO-2026-0042',
    customer: {
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      phone: '(610) 555-0199',
      address: { street: '12 Birch Lane', city: 'West Chester', state: 'PA', zipCode: '19380' },
    },
    vehicle: {
      year: 2018,
      make: 'Honda',
      model: 'Accord',
      vin: '1HGCV1F34JA123456',
      licensePlate: 'KZT-4821',
      mileage: 84213,
      color: 'Silver',
    },
    serviceDetails: {
      description: 'Front brake pads and rotors',
      customerComplaints: 'Grinding noise when braking',
      diagnosis: 'Pads worn to the backing plate',
      workPerformed: 'Replaced pads and rotors',
      recommendations: 'Flush brake fluid at next visit',
    },
    ...priced,
    status: 'approved',
    scheduledDate: '2026-11-24',
    internalNotes: 'SECRET internal note: customer haggles',
    customerNotes: 'Please park in the driveway',
    emailSent: false,
    acknowledgment: { isRequired: false, isAcknowledged: false, state: 'not_required' },
    createdAt: '2026-11-20T15:00:00.000Z',
    updatedAt: '2026-11-20T15:00:00.000Z',
    ...overrides,
  };
}

/** Dana's acknowledgment with a drawn signature. */
export const acknowledged: WorkOrder['acknowledgment'] = {
  isRequired: true,
  isAcknowledged: true,
  state: 'acknowledged',
  acknowledgmentDate: '2026-11-21T18:30:00.000Z',
  acknowledgedBy: { name: 'Dana Whitfield', email: 'dana@example.com' },
  hasSignature: true,
};
