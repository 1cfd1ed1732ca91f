import { toCents, toDollars } from '@app/core/money';
import {
  moneyProblem,
  phoneProblem,
  textProblem,
  VEHICLE_YEAR_MIN,
  vehicleYearProblem,
  vinProblem,
  vehicleYearMax as yearMaxOn,
  zipProblem,
} from '@app/core/rules/fields';
import { today } from '@app/core/time';
import { WORK_ORDER_STATUSES, type WorkOrderStatus } from '@app/core/workorder/model';
import {
  PRICING_LIMITS,
  priceWorkOrder,
  quarterHours,
  taxRateThousandths,
} from '@app/core/workorder/pricing';
import type { WorkOrderDefaults, WorkOrderInput, WorkOrderJson, WorkOrderPrefill } from './types';

/**
 * The work-order form's values and rules (doc 2 §3, §5, §9), as plain
 * functions: what the inputs hold (text, as typed), the live totals from
 * core's pricing function, each field's problem, and the JSON sent.
 */

export type LaborRow = { description: string; hours: string; hourlyRate: string };
export type PartRow = { partNumber: string; description: string; quantity: string; unitPrice: string };

export type WorkOrderFormValues = {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  vehicleYear: string;
  vehicleMake: string;
  vehicleModel: string;
  vin: string;
  licensePlate: string;
  mileage: string;
  vehicleColor: string;
  description: string;
  customerComplaints: string;
  diagnosis: string;
  workPerformed: string;
  recommendations: string;
  laborItems: LaborRow[];
  partItems: PartRow[];
  taxRate: string;
  status: WorkOrderStatus;
  scheduledDate: string;
  internalNotes: string;
  customerNotes: string;
  relatedBooking: string;
};

/** The vehicle year's bounds: core's rule (decision 059), next year counted in the business's zone. */
export { VEHICLE_YEAR_MIN };
export const vehicleYearMax = (now = new Date()): number => yearMaxOn(today(now));

/** A blank labor line at the shop's rate (one hour, so the line shows a total at once). */
export const newLaborRow = (defaults: WorkOrderDefaults | null): LaborRow => ({
  description: '',
  hours: '1',
  hourlyRate: defaults ? defaults.hourlyRate.toFixed(2) : '',
});

export const newPartRow = (): PartRow => ({ partNumber: '', description: '', quantity: '1', unitPrice: '' });

/** A new work order: status draft, one labor line at the default rate, the default tax rate (doc 2 §9). */
export function emptyValues(
  defaults: WorkOrderDefaults | null,
  prefill?: WorkOrderPrefill,
): WorkOrderFormValues {
  return {
    customerName: prefill?.customerName ?? '',
    customerEmail: prefill?.customerEmail ?? '',
    customerPhone: prefill?.customerPhone ?? '',
    street: prefill?.address?.street ?? '',
    city: prefill?.address?.city ?? '',
    state: prefill?.address?.state ?? '',
    zipCode: prefill?.address?.zipCode ?? '',
    vehicleYear: prefill?.vehicleYear ? String(prefill.vehicleYear) : '',
    vehicleMake: prefill?.vehicleMake ?? '',
    vehicleModel: prefill?.vehicleModel ?? '',
    vin: '',
    licensePlate: '',
    mileage: '',
    vehicleColor: prefill?.vehicleColor ?? '',
    description: prefill?.serviceDescription ?? '',
    customerComplaints: '',
    diagnosis: '',
    workPerformed: '',
    recommendations: '',
    laborItems: [newLaborRow(defaults)],
    partItems: [],
    taxRate: defaults ? String(defaults.taxRate) : '',
    status: 'draft',
    scheduledDate: '',
    internalNotes: '',
    customerNotes: '',
    relatedBooking: prefill?.relatedBooking ?? '',
  };
}

/** A saved work order in the form's inputs. */
export function valuesOf(order: WorkOrderJson): WorkOrderFormValues {
  return {
    customerName: order.customer.name,
    customerEmail: order.customer.email,
    customerPhone: order.customer.phone,
    street: order.customer.address.street,
    city: order.customer.address.city,
    state: order.customer.address.state,
    zipCode: order.customer.address.zipCode,
    vehicleYear: String(order.vehicle.year),
    vehicleMake: order.vehicle.make,
    vehicleModel: order.vehicle.model,
    vin: order.vehicle.vin,
    licensePlate: order.vehicle.licensePlate,
    mileage: order.vehicle.mileage === null ? '' : String(order.vehicle.mileage),
    vehicleColor: order.vehicle.color,
    description: order.serviceDetails.description,
    customerComplaints: order.serviceDetails.customerComplaints,
    diagnosis: order.serviceDetails.diagnosis,
    workPerformed: order.serviceDetails.workPerformed,
    recommendations: order.serviceDetails.recommendations,
    laborItems: order.laborItems.map((item) => ({
      description: item.description,
      hours: String(item.hours),
      hourlyRate: item.hourlyRate.toFixed(2),
    })),
    partItems: order.partItems.map((item) => ({
      partNumber: item.partNumber,
      description: item.description,
      quantity: String(item.quantity),
      unitPrice: item.unitPrice.toFixed(2),
    })),
    taxRate: String(order.pricing.taxRate),
    status: order.status,
    scheduledDate: order.scheduledDate ?? '',
    internalNotes: order.internalNotes,
    customerNotes: order.customerNotes,
    relatedBooking: order.relatedBooking ?? '',
  };
}

const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

// Each rule: the field's problem, or undefined. The field rules and their
// messages are core's (core/src/rules/fields.ts), which the server applies too.

const required = (label: string, max: number) => (text: string) =>
  textProblem(text, { label, max, required: true });

export const rules = {
  customerName: required('Customer name', 100),
  customerPhone: (text: string) =>
    required('Customer phone', 30)(text) ?? phoneProblem(text, 'Customer phone'),
  customerEmail(text: string): string | undefined {
    if (!text.trim()) return 'Customer email is required.';
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim()) ? undefined : 'Enter a valid email address.';
  },
  zipCode: zipProblem,
  vehicleMake: required('Vehicle make', 50),
  vehicleModel: required('Vehicle model', 50),
  vin: vinProblem,
  description: (text: string) =>
    textProblem(text, { label: 'Service description', max: 2000, required: true, multiline: true }),
  vehicleYear: (text: string, now = new Date()) => vehicleYearProblem(text, today(now)),
  mileage(text: string): string | undefined {
    if (!text.trim()) return undefined;
    const miles = numberOf(text);
    return Number.isInteger(miles) && miles >= 0 ? undefined : 'Mileage must be a whole number.';
  },
  hours(text: string): string | undefined {
    const hours = numberOf(text);
    if (!Number.isFinite(hours) || hours < 0 || hours > PRICING_LIMITS.maxHours)
      return `Hours must be between 0 and ${PRICING_LIMITS.maxHours}.`;
    return Number.isFinite(quarterHours(hours)) ? undefined : 'Hours go in steps of 0.25.';
  },
  hourlyRate: (text: string) => moneyProblem(text, 'Hourly rate', PRICING_LIMITS.maxRateCents),
  unitPrice: (text: string) => moneyProblem(text, 'Unit price', PRICING_LIMITS.maxUnitPriceCents),
  quantity(text: string): string | undefined {
    const quantity = numberOf(text);
    return Number.isInteger(quantity) && quantity >= 0 && quantity <= PRICING_LIMITS.maxQuantity
      ? undefined
      : `Quantity must be a whole number from 0 to ${PRICING_LIMITS.maxQuantity}.`;
  },
  taxRate(text: string): string | undefined {
    const rate = numberOf(text);
    if (!Number.isFinite(rate) || rate < 0 || rate > PRICING_LIMITS.maxTaxRate)
      return `Tax rate must be a fraction from 0 to ${PRICING_LIMITS.maxTaxRate} (0.08 is 8%).`;
    return Number.isFinite(taxRateThousandths(rate)) ? undefined : 'Tax rate goes in steps of 0.001.';
  },
};

/** The form's live totals: a line or rate that is not valid yet counts as nothing. */
export type LiveTotals = {
  laborLines: (number | null)[];
  partLines: (number | null)[];
  laborSubtotalCents: number;
  partsSubtotalCents: number;
  subtotalCents: number;
  taxRate: number | null;
  taxAmountCents: number;
  totalAmountCents: number;
};

/** Totals as the server will compute them, from core's priceWorkOrder (integer cents, same rounding). */
export function liveTotals(
  values: Pick<WorkOrderFormValues, 'laborItems' | 'partItems' | 'taxRate'>,
): LiveTotals {
  const labor = values.laborItems.map((row) =>
    rules.hours(row.hours) || rules.hourlyRate(row.hourlyRate)
      ? null
      : { hours: Number(row.hours), hourlyRateCents: toCents(Number(row.hourlyRate)) },
  );
  const parts = values.partItems.map((row) =>
    rules.quantity(row.quantity) || rules.unitPrice(row.unitPrice)
      ? null
      : { quantity: Number(row.quantity), unitPriceCents: toCents(Number(row.unitPrice)) },
  );
  const taxRate = rules.taxRate(values.taxRate) ? null : Number(values.taxRate);
  const priced = priceWorkOrder({
    laborItems: labor.filter((item) => item !== null),
    partItems: parts.filter((item) => item !== null),
    taxRate: taxRate ?? 0,
  });
  const laborTotals = priced.laborItems.map((item) => item.totalCents);
  const partTotals = priced.partItems.map((item) => item.totalCents);
  return {
    laborLines: labor.map((item) => (item ? (laborTotals.shift() ?? 0) : null)),
    partLines: parts.map((item) => (item ? (partTotals.shift() ?? 0) : null)),
    laborSubtotalCents: priced.pricing.laborSubtotalCents,
    partsSubtotalCents: priced.pricing.partsSubtotalCents,
    subtotalCents: priced.pricing.subtotalCents,
    taxRate,
    taxAmountCents: priced.pricing.taxAmountCents,
    totalAmountCents: priced.pricing.totalAmountCents,
  };
}

const dollars = (text: string): number => toDollars(toCents(Number(text)));

/** The JSON the API takes (dollars; no totals: the server computes them). Call on values that passed the rules. */
export function toInput(values: WorkOrderFormValues): WorkOrderInput {
  const trim = (text: string) => text.trim();
  return {
    customer: {
      name: trim(values.customerName),
      email: trim(values.customerEmail),
      phone: trim(values.customerPhone),
      address: {
        street: trim(values.street),
        city: trim(values.city),
        state: trim(values.state),
        zipCode: trim(values.zipCode),
      },
    },
    vehicle: {
      year: Number(values.vehicleYear),
      make: trim(values.vehicleMake),
      model: trim(values.vehicleModel),
      vin: trim(values.vin),
      licensePlate: trim(values.licensePlate),
      mileage: values.mileage.trim() ? Number(values.mileage) : null,
      color: trim(values.vehicleColor),
    },
    serviceDetails: {
      description: trim(values.description),
      customerComplaints: trim(values.customerComplaints),
      diagnosis: trim(values.diagnosis),
      workPerformed: trim(values.workPerformed),
      recommendations: trim(values.recommendations),
    },
    laborItems: values.laborItems.map((row) => ({
      description: trim(row.description),
      hours: Number(row.hours),
      hourlyRate: dollars(row.hourlyRate),
    })),
    partItems: values.partItems.map((row) => ({
      partNumber: trim(row.partNumber),
      description: trim(row.description),
      quantity: Number(row.quantity),
      unitPrice: dollars(row.unitPrice),
    })),
    pricing: { taxRate: Number(values.taxRate) },
    status: values.status,
    scheduledDate: values.scheduledDate || null,
    internalNotes: trim(values.internalNotes),
    customerNotes: trim(values.customerNotes),
    relatedBooking: trim(values.relatedBooking) || null,
  };
}

export { WORK_ORDER_STATUSES };
