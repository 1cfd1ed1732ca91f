import * as z from 'zod';
import * as time from '../time';
import { dueRuleLimits as limits, dueRuleMessages } from './due-fields';
import type { MileageReading } from './model';

/**
 * "Your car is due" (issue 34, decision 124): a service's due rule and the
 * pure rules that turn a completed job into the vehicle's next due date and
 * mileage, and a due item into the instants its notices go at. No store, no
 * settings read here: the callers pass them in.
 */

export { dueRuleMessages };

/** A service's due rule: every N days and/or N miles, whichever comes first, and how far ahead to remind. */
/** A whole number within the field's bounds, with its one message. */
const bounded = (field: keyof typeof limits) =>
  z
    .number({ error: dueRuleMessages[field] })
    .int(dueRuleMessages[field])
    .min(limits[field][0], dueRuleMessages[field])
    .max(limits[field][1], dueRuleMessages[field]);

export const DueRule = z
  .object({
    everyDays: bounded('days').optional(),
    everyMiles: bounded('miles').optional(),
    remindDaysAhead: bounded('ahead').default(14),
  })
  .refine((rule) => rule.everyDays !== undefined || rule.everyMiles !== undefined, {
    message: dueRuleMessages.empty,
  });
export type DueRule = z.output<typeof DueRule>;

const DAY_MS = 86_400_000;

/**
 * Miles a day, from the two newest readings at least a day apart whose
 * miles rose (`source: 'readings'`), or the shop's default (`'default'`).
 * Either way it is an estimate, and shown as one.
 */
export function milesPerDay(
  readings: readonly MileageReading[],
  fallback: number,
): { perDay: number; source: 'readings' | 'default' } {
  const sorted = [...readings].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  const newest = sorted[0];
  if (newest) {
    const older = sorted.find((r) => Date.parse(newest.at) - Date.parse(r.at) >= DAY_MS);
    if (older && newest.miles > older.miles) {
      const days = (Date.parse(newest.at) - Date.parse(older.at)) / DAY_MS;
      return { perDay: (newest.miles - older.miles) / days, source: 'readings' };
    }
  }
  return { perDay: fallback, source: 'default' };
}

export type NextDue = {
  /** The calendar date it is due (business zone). */
  dueDate: string;
  /** The odometer reading it is due at, when a reading is known and the rule counts miles. */
  dueMiles?: number;
  /** Which limit comes first. */
  by: 'days' | 'miles';
  /** Miles a day the date was estimated with (when the rule counts miles), and where it came from. */
  milesPerDay?: number;
  estimate?: 'readings' | 'default';
};

/**
 * The next due date and mileage after a job completed on `completedOn`
 * (yyyy-MM-dd): `everyDays` later, or when `everyMiles` more are driven at
 * `perDay` miles a day, whichever comes first.
 */
export function nextDue(
  rule: Pick<DueRule, 'everyDays' | 'everyMiles'>,
  completedOn: string,
  mileage: { miles?: number; perDay: number; source: 'readings' | 'default' },
): NextDue {
  const byDays = rule.everyDays !== undefined ? rule.everyDays : Number.POSITIVE_INFINITY;
  const byMiles =
    rule.everyMiles !== undefined && mileage.perDay > 0
      ? Math.max(1, Math.ceil(rule.everyMiles / mileage.perDay))
      : Number.POSITIVE_INFINITY;
  const by = byMiles < byDays ? 'miles' : 'days';
  const days = Math.min(byDays, byMiles, 3650);
  return {
    dueDate: time.addDays(completedOn, days),
    ...(rule.everyMiles !== undefined && mileage.miles !== undefined
      ? { dueMiles: mileage.miles + rule.everyMiles }
      : {}),
    by,
    ...(rule.everyMiles !== undefined
      ? { milesPerDay: Math.round(mileage.perDay * 10) / 10, estimate: mileage.source }
      : {}),
  };
}

/** Daytime in the business zone: `HH:mm` from (inclusive) and until (exclusive; '24:00' allowed). */
export type Daytime = { start: string; end: string };

/** `at` if it falls in daytime (business zone), else the next daytime's start: a notice due at night waits for the morning. */
export function intoDaytime(at: Date, daytime: Daytime): Date {
  const local = time.localOf(at);
  if (local.time >= daytime.start && local.time < daytime.end) return at;
  const date = local.time < daytime.start ? local.date : time.addDays(local.date, 1);
  return new Date(time.instantOf(date, daytime.start));
}

/** How many notices one due item sends at most. */
export const MAX_TOUCHES = 2;

/**
 * When the first notice of an item due on `dueDate` goes: `remindDaysAhead`
 * days before (or now, when that has passed), moved into daytime.
 */
export function firstTouchAt(dueDate: string, remindDaysAhead: number, now: Date, daytime: Daytime): string {
  const ahead = Date.parse(time.instantOf(time.addDays(dueDate, -remindDaysAhead), daytime.start));
  return intoDaytime(new Date(Math.max(ahead, now.getTime())), daytime).toISOString();
}

/**
 * When the second (and last) notice goes: on the due date itself, at the
 * start of daytime; none when the first went less than a day before that.
 */
export function secondTouchAt(dueDate: string, firstSentAt: string, daytime: Daytime): string | undefined {
  const onTheDay = Date.parse(time.instantOf(dueDate, daytime.start));
  return onTheDay - Date.parse(firstSentAt) >= DAY_MS ? new Date(onTheDay).toISOString() : undefined;
}
