/**
 * A plan's cadence (issue 35, decision 131): an RFC 5545 RRULE without DTSTART, expanded by
 * ical.js from the enrolment's first visit. Occurrences are business dates (yyyy-MM-dd, floating
 * DATE values): the visit's time of day is placed on each by `time.instantOf`, so a DST change
 * moves no visit's clock time. RFC 5545's month rules hold: BYMONTHDAY=31 skips a month without a
 * 31st (BYMONTHDAY=-1 is the last day), BYDAY=5SA a month without a fifth Saturday.
 */
import ICAL from 'ical.js';
import { addDays, isCalendarDate } from '../time';

/** The cadences the admin's form makes: every N weeks on chosen days, or every N months on a day. */
export type Cadence =
  | { kind: 'weekly'; interval: number; days: readonly Day[] }
  | { kind: 'monthly'; interval: number; monthDay: number }
  | { kind: 'monthly'; interval: number; nth: number; day: Day };

export const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Day = (typeof DAYS)[number];

/** Occurrences walked at most in one expansion (a horizon of years of weekly visits fits). */
export const MAX_OCCURRENCES = 1000;

/** The RRULE of a cadence (what the plan stores). */
export function ruleOf(c: Cadence): string {
  const interval = `INTERVAL=${c.interval}`;
  if (c.kind === 'weekly') return `FREQ=WEEKLY;${interval};BYDAY=${c.days.join(',')}`;
  if ('monthDay' in c) return `FREQ=MONTHLY;${interval};BYMONTHDAY=${c.monthDay}`;
  return `FREQ=MONTHLY;${interval};BYDAY=${c.nth}${c.day}`;
}

export const recurrenceMessages = {
  invalid: 'The cadence must be every 1 to 52 weeks on chosen days, or every 1 to 12 months on a day.',
} as const;

const PART = /^(FREQ|INTERVAL|BYDAY|BYMONTHDAY)=([A-Z0-9,+-]+)$/;

/**
 * Whether `rule` is a cadence the plans take: FREQ=WEEKLY (INTERVAL 1–52, BYDAY of plain days) or
 * FREQ=MONTHLY (INTERVAL 1–12, one BYMONTHDAY of 1–31 or -1, or one BYDAY such as 1SA or -1FR);
 * nothing else (no COUNT, UNTIL or DTSTART: the enrolment's terms end it).
 */
export function ruleProblem(rule: string): string | undefined {
  const parts = new Map<string, string>();
  for (const part of rule.split(';')) {
    const m = PART.exec(part);
    if (!m || parts.has(m[1]!)) return recurrenceMessages.invalid;
    parts.set(m[1]!, m[2]!);
  }
  const interval = Number(parts.get('INTERVAL') ?? '1');
  const byDay = parts.get('BYDAY');
  const monthDay = parts.get('BYMONTHDAY');
  if (parts.get('FREQ') === 'WEEKLY') {
    const days = byDay?.split(',') ?? [];
    const ok =
      Number.isInteger(interval) &&
      interval >= 1 &&
      interval <= 52 &&
      !monthDay &&
      days.length > 0 &&
      new Set(days).size === days.length &&
      days.every((d) => (DAYS as readonly string[]).includes(d));
    return ok ? undefined : recurrenceMessages.invalid;
  }
  if (parts.get('FREQ') === 'MONTHLY') {
    if (!Number.isInteger(interval) || interval < 1 || interval > 12) return recurrenceMessages.invalid;
    if (monthDay !== undefined && byDay === undefined) {
      const n = Number(monthDay);
      return Number.isInteger(n) && (n === -1 || (n >= 1 && n <= 31))
        ? undefined
        : recurrenceMessages.invalid;
    }
    if (byDay !== undefined && monthDay === undefined) {
      return /^(-1|[1-5])(MO|TU|WE|TH|FR|SA|SU)$/.test(byDay) ? undefined : recurrenceMessages.invalid;
    }
  }
  return recurrenceMessages.invalid;
}

/**
 * The occurrences of `rule` on or after `start` (a start the rule does not give is not one: ical.js
 * walks from it to the first that matches) within `[from, through]` (inclusive business dates),
 * ascending, at most `limit`. `skipped` dates are left out.
 */
export function occurrences(
  rule: string,
  start: string,
  window: { from: string; through: string; limit?: number; skipped?: readonly string[] },
): string[] {
  if (!isCalendarDate(start) || ruleProblem(rule)) return [];
  const limit = window.limit ?? MAX_OCCURRENCES;
  const skipped = new Set(window.skipped ?? []);
  const out: string[] = [];
  const take = (date: string) => {
    if (date >= window.from && date <= window.through && !skipped.has(date)) out.push(date);
  };
  const iterator = ICAL.Recur.fromString(rule).iterator(ICAL.Time.fromDateString(start));
  for (let walked = 0; walked < MAX_OCCURRENCES && out.length < limit; walked += 1) {
    const next = iterator.next();
    if (!next) break;
    const date = next.toString().slice(0, 10);
    if (date > window.through) break;
    take(date);
  }
  return out.slice(0, limit);
}

/** The next `count` visits on or after `from` (the enrolment page's "next three visits"). */
export function nextVisits(
  rule: string,
  start: string,
  from: string,
  count: number,
  skipped: readonly string[] = [],
): string[] {
  return occurrences(rule, start, { from, through: addDays(from, 3660), limit: count, skipped });
}

/** The first visit of an enrolment whose customer chose `date`: the rule's first occurrence on or after it. */
export const firstVisit = (rule: string, date: string): string | undefined =>
  nextVisits(rule, date, date, 1)[0];
