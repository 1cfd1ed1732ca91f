import { moneyProblem, nameMessages, nameProblem, phoneProblem } from '@app/core/rules/fields';
import { instantOf } from '@app/core/time';
import { type Choices, decisionsOf, type EstimateLineView } from '../../components/estimate/choices';
import {
  INSPECTION_CATEGORIES,
  type InspectionCategory,
  type InspectionCondition,
} from '@app/core/workorder/inspection/terms';
import type { FieldMessages, PathMessages } from '../../lib/forms';
import { rules, type WorkOrderFormValues } from './form';
import type { WorkOrderJson } from './types';

type Entry = { condition: InspectionCondition | ''; note: string };

/** The inspection form's values: each category's condition and note; `chosen` holds the form's one message. */
export type InspectionFields = Record<InspectionCategory, Entry> & { chosen?: undefined };

export const inspectionMessages = { none: 'Choose a condition for at least one category.' } as const;

/** The form's values from the saved inspection (a category not inspected is blank). */
export function entriesOf(inspection: WorkOrderJson['inspection']): InspectionFields {
  const blank = (): Entry => ({ condition: '', note: '' });
  const entries = Object.fromEntries(INSPECTION_CATEGORIES.map((category) => [category, blank()])) as Record<
    InspectionCategory,
    Entry
  > as InspectionFields;
  for (const item of inspection?.items ?? [])
    entries[item.category] = { condition: item.condition, note: item.note };
  return entries;
}

/** What PUT /inspection takes: the categories given a condition. */
export function itemsOf(entries: InspectionFields) {
  return INSPECTION_CATEGORIES.flatMap((category) => {
    const { condition, note } = entries[category];
    return condition ? [{ category, condition, note: note.trim() }] : [];
  });
}

/** At least one category inspected (decision 080). */
export function validateInspection(values: InspectionFields): FieldMessages<InspectionFields> {
  return { chosen: itemsOf(values).length === 0 ? inspectionMessages.none : undefined };
}

/** The fields the work-order form checks, each with its rule from form.ts (core's rules, the server's too). */
const CHECKED = [
  'customerName',
  'customerEmail',
  'customerPhone',
  'zipCode',
  'vehicleYear',
  'vehicleMake',
  'vehicleModel',
  'vin',
  'mileage',
  'description',
  'taxRate',
] as const;

/**
 * The work-order form's checks (doc 2 §5, §9): the customer, the vehicle, the
 * description, each labor and part line's numbers and the tax rate. Messages by
 * path (`laborItems.0.hours`) for `messagesResolver`.
 */
export function validateWorkOrder(values: WorkOrderFormValues, now = new Date()): PathMessages {
  const messages: PathMessages = {};
  for (const name of CHECKED)
    messages[name] =
      name === 'vehicleYear' ? rules.vehicleYear(values[name], now) : rules[name](values[name]);
  values.laborItems.forEach((row, index) => {
    messages[`laborItems.${index}.hours`] = rules.hours(row.hours);
    messages[`laborItems.${index}.hourlyRate`] = rules.hourlyRate(row.hourlyRate);
  });
  values.partItems.forEach((row, index) => {
    messages[`partItems.${index}.quantity`] = rules.quantity(row.quantity);
    messages[`partItems.${index}.unitPrice`] = rules.unitPrice(row.unitPrice);
  });
  return messages;
}

/** The estimate line's form (issue 33, decision 125): text, option group, labour hours and one part, in dollars. */
export type EstimateLineFields = {
  description: string;
  group: string;
  hours: string;
  partDescription: string;
  quantity: string;
  unitPrice: string;
};

export function validateEstimateLine(values: EstimateLineFields): FieldMessages<EstimateLineFields> {
  const hours = Number(values.hours || '0');
  const quantity = Number(values.quantity || '0');
  return {
    description: nameProblem(values.description, 'Description') ?? undefined,
    hours:
      Number.isFinite(hours) && hours >= 0 && Number.isInteger(hours * 4)
        ? undefined
        : 'Hours must be in steps of 0.25.',
    quantity: Number.isInteger(quantity) && quantity >= 0 ? undefined : 'Quantity must be a whole number.',
    unitPrice: values.unitPrice.trim()
      ? (moneyProblem(values.unitPrice, 'Unit price', 100_000_00) ?? undefined)
      : undefined,
  };
}

/** A call staff record (issue 33, decision 125): when (the shop's clock), the number, who answered, the answers. */
export type PhoneApprovalFields = {
  calledAt: string;
  number: string;
  person: string;
  choices: Choices;
};

export const phoneApprovalMessages = {
  calledAt: 'When the call was, as a date and time.',
  future: 'The call cannot be in the future.',
  unanswered: 'Record an answer for each line and one choice of each option group.',
} as const;

/** `2026-11-28T14:05` (a date-time field, the shop's clock) as an instant, or null. */
export function calledAtInstant(value: string): string | null {
  const [date, time] = value.split('T');
  try {
    return date && time ? instantOf(date, time.slice(0, 5)) : null;
  } catch {
    return null;
  }
}

export function validatePhoneApproval(
  values: PhoneApprovalFields,
  lines: readonly EstimateLineView[],
  now = Date.now(),
): FieldMessages<PhoneApprovalFields> {
  const at = calledAtInstant(values.calledAt);
  return {
    calledAt: !at
      ? phoneApprovalMessages.calledAt
      : Date.parse(at) > now + 60_000
        ? phoneApprovalMessages.future
        : undefined,
    number: values.number.trim()
      ? (phoneProblem(values.number, 'Number called') ?? undefined)
      : nameMessages.required('Number called'),
    person: nameProblem(values.person, 'Name of the person') ?? undefined,
    choices: decisionsOf(lines, values.choices) === null ? phoneApprovalMessages.unanswered : undefined,
  };
}
