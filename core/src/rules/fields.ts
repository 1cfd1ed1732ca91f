/**
 * Field rules: each one pure function with one message, used by the server's
 * zod schemas (./schema.ts builds them from these) and by the web's form
 * validators alike (decision 059). A rule takes what was typed or sent and
 * answers the field's problem, or `undefined` when the value is fine.
 *
 * Dependency-free on purpose: the browser imports this module, and zod stays
 * out of the browser (decision 003).
 */

/** The field's problem, or undefined. */
export type Problem = string | undefined;

/** The first problem of several checks, in order. */
export function firstProblem(...problems: (() => Problem)[]): Problem {
  for (const check of problems) {
    const problem = check();
    if (problem) return problem;
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// Texts

/** Line breaks and other control characters (C0, DEL, NEL, line and paragraph separators). */
export function hasControl(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x85 || code === 0x2028 || code === 0x2029) return true;
  }
  return false;
}

export const textMessages = {
  required: (label: string) => `${label} is required.`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  lineBreak: (label: string) => `${label} cannot contain line breaks.`,
  notText: (label: string) => `${label} must be text.`,
} as const;

export type TextRule = {
  label: string;
  max: number;
  /** Blank (after trimming) is a problem. */
  required?: boolean;
  /** Line breaks are allowed (free text such as notes); one-line fields refuse every control character. */
  multiline?: boolean;
};

/**
 * A text field: one line unless `multiline`, at most `max` characters once
 * trimmed, and present when `required` (only white space is blank). One-line
 * fields refuse line breaks anywhere, trimmed ends included, so a value never
 * carries a second mail header.
 */
export function textProblem(value: string | null | undefined, rule: TextRule): Problem {
  const raw = value ?? '';
  const trimmed = raw.trim();
  if (!trimmed) return rule.required ? textMessages.required(rule.label) : undefined;
  if (!rule.multiline && hasControl(raw)) return textMessages.lineBreak(rule.label);
  if (trimmed.length > rule.max) return textMessages.tooLong(rule.label, rule.max);
  return undefined;
}

// ---------------------------------------------------------------------------
// Names

/** A person's first or last name is at most this long, everywhere. */
export const NAME_MAX = 80;

/**
 * A person's name (first or last; on registration, a booking, a new
 * customer): required, one line, at most 80 characters. The texts are the
 * spec's registration texts (doc 1 §5: 'First name is required', without a
 * full stop), so every form that asks for a name says it the same way.
 */
export const nameMessages = {
  required: (label: string) => `${label} is required`,
  tooLong: (label: string) => `${label} must be at most ${NAME_MAX} characters`,
  lineBreak: (label: string) => `${label} cannot contain line breaks or control characters.`,
} as const;

export function nameProblem(value: string | null | undefined, label: string): Problem {
  const raw = value ?? '';
  const trimmed = raw.trim();
  if (!trimmed) return nameMessages.required(label);
  if (hasControl(raw)) return nameMessages.lineBreak(label);
  if (trimmed.length > NAME_MAX) return nameMessages.tooLong(label);
  return undefined;
}

// ---------------------------------------------------------------------------
// Phone

export const PHONE_MAX = 30;
const PHONE = /^[0-9+().\- ]+$/;

export const phoneMessage = (label = 'Phone') => `${label} must be a phone number such as (610) 555-0123.`;

/**
 * A phone number as people write it: digits with `+ ( ) - .` and spaces, at
 * least 7 digits, at most 30 characters. Blank is not this rule's business
 * (a required phone checks presence with textProblem first).
 */
export function phoneProblem(value: string | null | undefined, label = 'Phone'): Problem {
  const phone = (value ?? '').trim();
  if (!phone) return undefined;
  const digits = phone.replace(/\D/g, '').length;
  return phone.length <= PHONE_MAX && PHONE.test(phone) && digits >= 7 && digits <= 15
    ? undefined
    : phoneMessage(label);
}

// ---------------------------------------------------------------------------
// Dates

/**
 * Every date the API takes (a booking's, a time slot's, a day off, a board's
 * or an export's range) lies from this day to the end of the year
 * DATE_HORIZON_YEARS after today (decision 099): far enough for any real
 * plan or history, near enough that a day's times and a week's board stay
 * within four-digit years (9999-12-31 23:45 plus a job is year 10000).
 */
export const DATE_FIRST = '2000-01-01';
export const DATE_HORIZON_YEARS = 10;
/** The last date taken on `todayIso` (yyyy-MM-dd, the business's today): December 31, ten years on. */
export const dateLast = (todayIso: string): string =>
  `${Number(todayIso.slice(0, 4)) + DATE_HORIZON_YEARS}-12-31`;

export const dateMessages = {
  shape: 'Date must be a real date written yyyy-MM-dd.',
  range: (todayIso: string) => `Dates must be from ${DATE_FIRST} to ${dateLast(todayIso)}.`,
} as const;

/** True for a real calendar date written `yyyy-MM-dd` (2026-02-29 is not one), of any year. */
export function isRealDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC maps years 0-99 to 1900-1999, and rolls 2026-02-30 over to March 2.
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A date field: a real `yyyy-MM-dd` date (else `shapeMessage`, each form's
 * own wording) from DATE_FIRST to dateLast(today). The one date rule of every
 * schema that takes a date.
 */
export function dateProblem(
  value: unknown,
  todayIso: string,
  shapeMessage: string = dateMessages.shape,
): Problem {
  if (!isRealDate(value)) return shapeMessage;
  return value >= DATE_FIRST && value <= dateLast(todayIso) ? undefined : dateMessages.range(todayIso);
}

// ---------------------------------------------------------------------------
// Vehicle

/** Vehicle year: 1900 to the current year plus one (doc 2 §9). */
export const VEHICLE_YEAR_MIN = 1900;
/** The latest vehicle year allowed on `todayIso` (yyyy-MM-dd, the business's today): next year. */
export const vehicleYearMax = (todayIso: string): number => Number(todayIso.slice(0, 4)) + 1;

export const vehicleYearMessages = {
  required: 'Vehicle year is required.',
  range: (todayIso: string) =>
    `Vehicle year must be a year from ${VEHICLE_YEAR_MIN} to ${vehicleYearMax(todayIso)}.`,
} as const;

/**
 * The vehicle's year, typed (a string) or sent (a number): required, a whole
 * year from 1900 to next year. `todayIso` is today in the business's zone
 * (core/src/time.ts `today()`).
 */
export function vehicleYearProblem(value: string | number | null | undefined, todayIso: string): Problem {
  const year = parseVehicleYear(value);
  if (year === undefined) return vehicleYearMessages.required;
  return Number.isInteger(year) && year >= VEHICLE_YEAR_MIN && year <= vehicleYearMax(todayIso)
    ? undefined
    : vehicleYearMessages.range(todayIso);
}

/** The year as a number: undefined when blank, NaN when it is not a plain number. */
export function parseVehicleYear(value: string | number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
  const text = value.trim();
  if (!text) return undefined;
  return /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN;
}

export const VIN_MAX = 17;
/** VINs since 1981 have 17 characters without I, O and Q; older vehicles' are shorter (at least 5). */
const VIN = /^[A-HJ-NPR-Z0-9]{5,17}$/;
export const vinMessage = 'VIN must be 5 to 17 letters and digits (no I, O or Q).';

/** A VIN, in either case (stored upper case). Blank is not this rule's business. */
export function vinProblem(value: string | null | undefined): Problem {
  const vin = (value ?? '').trim();
  if (!vin) return undefined;
  return VIN.test(vin.toUpperCase()) ? undefined : vinMessage;
}

// ---------------------------------------------------------------------------
// Address

export const ZIP_MAX = 10;
const ZIP = /^\d{5}(-\d{4})?$/;
export const zipMessage = 'ZIP code must look like 19380 or 19380-1234.';

/** A US ZIP code, five digits or ZIP+4. Blank is not this rule's business. */
export function zipProblem(value: string | null | undefined): Problem {
  const zip = (value ?? '').trim();
  if (!zip) return undefined;
  return ZIP.test(zip) ? undefined : zipMessage;
}

// ---------------------------------------------------------------------------
// Money

/**
 * An amount of dollars as the spec's clients send it and a person types it
 * (`49.99`): a number from 0 to `maxCents`, in whole cents. Core takes cents;
 * this rule is for the HTTP edge's schemas and the forms (decision 004).
 */
export const moneyMessages = {
  required: (label: string) => `${label} is required.`,
  invalid: (label: string, maxCents: number) =>
    `${label} must be an amount from $0.00 to $${dollarsText(maxCents)}, in dollars and cents.`,
} as const;

const DOLLARS_TEXT = /^\d+(\.\d{1,2})?$/;

/** 123456 → '1,234.56' (two decimals, thousands grouped). */
function dollarsText(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${String(whole).replace(/\B(?=(\d{3})+$)/g, ',')}.${String(cents % 100).padStart(2, '0')}`;
}

/** Whether `dollars` has no fraction of a cent (tolerating binary floating point: 0.1 + 0.2). */
function wholeCents(dollars: number): boolean {
  const cents = dollars * 100;
  return Math.abs(Math.round(cents) - cents) < 1e-6;
}

export function moneyProblem(
  value: string | number | null | undefined,
  label: string,
  maxCents: number,
): Problem {
  if (value === null || value === undefined || (typeof value === 'string' && !value.trim()))
    return moneyMessages.required(label);
  if (typeof value === 'string' && !DOLLARS_TEXT.test(value.trim()))
    return moneyMessages.invalid(label, maxCents);
  const dollars = Number(value);
  return Number.isFinite(dollars) && dollars >= 0 && dollars * 100 <= maxCents + 1e-6 && wholeCents(dollars)
    ? undefined
    : moneyMessages.invalid(label, maxCents);
}

/** An amount of whole cents, as core takes money: an integer from 0 to `maxCents`. */
export const centsMessage = (label: string, maxCents: number) =>
  `${label} must be a whole number of cents from 0 to ${maxCents}.`;

export function centsProblem(value: number, label: string, maxCents: number): Problem {
  return Number.isSafeInteger(value) && value >= 0 && value <= maxCents
    ? undefined
    : centsMessage(label, maxCents);
}

// ---------------------------------------------------------------------------
// Service address (issue 20; the names of the spec's work-order address)

/** How many service addresses a customer keeps (issue 20): the server's limit, shown by the web's forms. */
export const SAVED_ADDRESS_LIMIT = 10;

export const ADDRESS_LIMITS = { street: 120, unit: 40, city: 80, accessNotes: 500 } as const;

/** The US states and DC by their postal codes. */
// prettier-ignore
export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS',
  'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC',
  'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const;

export const stateMessages = {
  required: 'State is required.',
  invalid: 'State must be a US state code such as PA.',
} as const;

/** A US state's two-letter code, in either case (stored upper case); required. */
export function stateProblem(value: string | null | undefined): Problem {
  const state = (value ?? '').trim().toUpperCase();
  if (!state) return stateMessages.required;
  return (US_STATES as readonly string[]).includes(state) ? undefined : stateMessages.invalid;
}

export const zipRequiredMessage = textMessages.required('ZIP code');

/** The labels and lengths of the address's text fields, for textProblem (one line each). */
export const addressTextRules = {
  street: { label: 'Street', max: ADDRESS_LIMITS.street, required: true },
  unit: { label: 'Unit', max: ADDRESS_LIMITS.unit },
  city: { label: 'City', max: ADDRESS_LIMITS.city, required: true },
  accessNotes: { label: 'Access notes', max: ADDRESS_LIMITS.accessNotes, multiline: true },
} as const satisfies Record<string, TextRule>;

export const accessNotesControlMessage = 'Access notes cannot contain control characters.';

/**
 * Access notes (a gate code, where the car is parked): free text of a few
 * lines, at most 500 characters; line breaks are fine, other control
 * characters are not.
 */
export function accessNotesProblem(value: string | null | undefined): Problem {
  const problem = textProblem(value, addressTextRules.accessNotes);
  if (problem) return problem;
  return hasControl((value ?? '').replace(/\r\n|\r|\n/g, '')) ? accessNotesControlMessage : undefined;
}

export type AddressFields = {
  street?: string | null;
  unit?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
  accessNotes?: string | null;
};

/** Each field's problem (only the fields that have one): the address form's and the server's checks. */
export function addressProblems(address: AddressFields): Partial<Record<keyof AddressFields, string>> {
  const problems: Partial<Record<keyof AddressFields, Problem>> = {
    street: textProblem(address.street, addressTextRules.street),
    unit: textProblem(address.unit, addressTextRules.unit),
    city: textProblem(address.city, addressTextRules.city),
    state: stateProblem(address.state),
    zipCode: (address.zipCode ?? '').trim() ? zipProblem(address.zipCode) : zipRequiredMessage,
    accessNotes: accessNotesProblem(address.accessNotes),
  };
  return Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem)) as Partial<
    Record<keyof AddressFields, string>
  >;
}
