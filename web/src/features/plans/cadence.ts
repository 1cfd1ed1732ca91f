import type { PlanFields } from './validate';

/** The admin form's cadence (every N weeks on a day, or every N months on a day) and its RRULE (issue 35). */

export const WEEK_DAYS = [
  ['MO', 'Monday'],
  ['TU', 'Tuesday'],
  ['WE', 'Wednesday'],
  ['TH', 'Thursday'],
  ['FR', 'Friday'],
  ['SA', 'Saturday'],
  ['SU', 'Sunday'],
] as const;

export const MONTH_DAYS = [
  ...Array.from({ length: 31 }, (_, i) => [String(i + 1), `Day ${i + 1}`] as const),
  ['-1', 'Last day'] as const,
];

type Cadence = Pick<PlanFields, 'every' | 'unit' | 'day'>;

export function ruleOfCadence({ every, unit, day }: Cadence): string {
  const interval = `INTERVAL=${Number(every)}`;
  return unit === 'weeks'
    ? `FREQ=WEEKLY;${interval};BYDAY=${day}`
    : `FREQ=MONTHLY;${interval};BYMONTHDAY=${day}`;
}

export function cadenceOfRule(rule: string): Cadence {
  const parts = new Map(rule.split(';').map((p) => p.split('=') as [string, string]));
  const weekly = parts.get('FREQ') === 'WEEKLY';
  return {
    every: parts.get('INTERVAL') ?? '1',
    unit: weekly ? 'weeks' : 'months',
    day: (weekly ? parts.get('BYDAY')?.split(',')[0] : parts.get('BYMONTHDAY')) ?? (weekly ? 'SA' : '1'),
  };
}

/** The cadence in words: 'Every 4 weeks on Saturday', 'Every month on the last day'. */
export function cadenceWords(rule: string): string {
  const { every, unit, day } = cadenceOfRule(rule);
  const n = Number(every);
  const span = n === 1 ? unit.slice(0, -1) : `${n} ${unit}`;
  const on =
    unit === 'weeks'
      ? (WEEK_DAYS.find(([code]) => code === day)?.[1] ?? day)
      : day === '-1'
        ? 'the last day'
        : `day ${day}`;
  return `Every ${span} on ${on}`;
}
