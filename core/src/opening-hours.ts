/**
 * The shop's opening hours (issue 30, decision 101): one setting,
 * `OPENING_HOURS`, written like `Mon-Fri 08:00-16:00` or `Mon-Sat 08:00-16:00`
 * or `Mon,Wed,Fri 09:00-17:00`, read by the server's config (mails) and by the
 * web's build (the pages and their structured data), and shown everywhere as
 * `Mon-Fri 8:00am-4:00pm`. The default is the spec's (doc 2 §9: Mon-Fri
 * 8:00-16:00, the about page stating 8:00am-4:00pm).
 *
 * Dependency-free: the browser imports it.
 */
export const DEFAULT_OPENING_HOURS = 'Mon-Fri 08:00-16:00';

const SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const LONG = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** Schema.org's and the week's order as the shop states it: Monday first. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

export type OpeningHours = {
  /** Weekday names, Monday first (schema.org's dayOfWeek). */
  days: string[];
  /** 'HH:mm' in the business's zone. */
  opens: string;
  closes: string;
  /** As people read them: 'Mon-Fri' and '8:00am-4:00pm'. */
  daysText: string;
  timeText: string;
};

export const openingHoursMessage =
  'OPENING_HOURS must be days and times such as "Mon-Fri 08:00-16:00" or "Mon,Wed,Sat 09:00-17:00".';

const dayIndex = (text: string) => SHORT.findIndex((d) => d.toLowerCase() === text.slice(0, 3).toLowerCase());
const isDay = (text: string) =>
  dayIndex(text) >= 0 && LONG[dayIndex(text)]?.toLowerCase().startsWith(text.toLowerCase()) === true;

/** '16:00' → '4:00pm', '08:30' → '8:30am', '12:00' → '12:00pm'. */
function clockText(clock: string): string {
  const [h = 0, m = 0] = clock.split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')}${h < 12 ? 'am' : 'pm'}`;
}

/** The setting's text as hours; undefined when it is not written as the message says. */
export function parseOpeningHours(text: string): OpeningHours | undefined {
  const match = /^\s*(\S+)\s+([01]\d|2[0-3]):([0-5]\d)\s*-\s*([01]\d|2[0-4]):([0-5]\d)\s*$/.exec(text);
  if (!match) return undefined;
  const [, daysPart = '', oh, om, ch, cm] = match;
  const opens = `${oh}:${om}`;
  const closes = `${ch}:${cm}`;
  if (closes <= opens || (ch === '24' && cm !== '00')) return undefined;
  const chosen = new Set<number>();
  const groups: string[] = [];
  for (const group of daysPart.split(',')) {
    const [from = '', to, extra] = group.split('-');
    if (extra !== undefined || !isDay(from) || (to !== undefined && !isDay(to))) return undefined;
    const [a, b] = [WEEK.indexOf(dayIndex(from) as never), WEEK.indexOf(dayIndex(to ?? from) as never)];
    if (b < a) return undefined;
    for (let i = a; i <= b; i += 1) chosen.add(WEEK[i] as number);
    groups.push(
      to === undefined
        ? (SHORT[dayIndex(from)] as string)
        : `${SHORT[dayIndex(from)]}-${SHORT[dayIndex(to)]}`,
    );
  }
  return {
    days: WEEK.filter((d) => chosen.has(d)).map((d) => LONG[d] as string),
    opens,
    closes,
    daysText: groups.join(', '),
    timeText: `${clockText(opens)}-${clockText(closes)}`,
  };
}

/** The hours of `text`, or the default's when it is empty. Throws on a malformed setting. */
export function openingHoursOf(text: string | undefined): OpeningHours {
  const hours = parseOpeningHours(text?.trim() || DEFAULT_OPENING_HOURS);
  if (!hours) throw new Error(openingHoursMessage);
  return hours;
}
