import { Hono } from 'hono';
import { addDays, instantOf, today, weekdayOf, weekdays } from '@app/core/time';
import { type RunningStandIn, serveStandIn } from '../serve-stand-in';

/**
 * The local calendar service (issue 36, decision 119): what Google's secret
 * iCal address, Outlook's published calendar or Apple's public link answer,
 * so a technician's own calendar blocks times on the local stack with no
 * network. `GET /calendars/{name}.ics` serves a calendar:
 * - `sample`: a "Dentist" appointment tomorrow 10:00–11:00, a weekly
 *   "Team meeting" Mondays 08:00–09:00 from next Monday (the second taken
 *   out by EXDATE, the third moved to 13:00 by an override) and an all-day "Day off" in
 *   three days, all in America/New_York around today's date;
 * - `broken`: 500; `not-a-calendar`: a sign-in page (200, HTML);
 * - any other name: what a test put there (`PUT /calendars/{name}.ics`, the
 *   body as it is served, `?status=` to answer that status instead, with
 *   `?location=` a redirect), else 404.
 * `DELETE /calendars` forgets what tests put.
 */

const stamp = (date: string, time: string) => `${date.replaceAll('-', '')}T${time.replace(':', '')}00`;
const day = (date: string) => date.replaceAll('-', '');

/** The `sample` calendar for `now`: its events are around the business's today. */
export function sampleCalendar(now = Date.now()): string {
  const first = today(now);
  const tomorrow = addDays(first, 1);
  // Next Monday (not today), then the two after it.
  const ahead = (weekdays.indexOf('Monday') - weekdays.indexOf(weekdayOf(first)) + 7) % 7 || 7;
  const [monday, skipped, moved] = [0, 7, 14].map((n) => addDays(first, ahead + n));
  const off = addDays(first, 3);
  const zone = 'TZID=America/New_York';
  const dtstamp = `DTSTAMP:${new Date(now).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Mobile Auto Care//local calendar stand-in//EN',
    'X-WR-CALNAME:Owner',
    'BEGIN:VEVENT',
    'UID:dentist@local',
    dtstamp,
    'SUMMARY:Dentist',
    `DTSTART;${zone}:${stamp(tomorrow, '10:00')}`,
    `DTEND;${zone}:${stamp(tomorrow, '11:00')}`,
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:team-meeting@local',
    dtstamp,
    'SUMMARY:Team meeting',
    `DTSTART;${zone}:${stamp(monday!, '08:00')}`,
    `DTEND;${zone}:${stamp(monday!, '09:00')}`,
    'RRULE:FREQ=WEEKLY;BYDAY=MO',
    `EXDATE;${zone}:${stamp(skipped!, '08:00')}`,
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:team-meeting@local',
    dtstamp,
    'SUMMARY:Team meeting (moved)',
    `RECURRENCE-ID;${zone}:${stamp(moved!, '08:00')}`,
    `DTSTART;${zone}:${stamp(moved!, '13:00')}`,
    `DTEND;${zone}:${stamp(moved!, '14:00')}`,
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:day-off@local',
    dtstamp,
    'SUMMARY:Day off',
    `DTSTART;VALUE=DATE:${day(off)}`,
    `DTEND;VALUE=DATE:${day(addDays(off, 1))}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** The instants of the sample's Dentist appointment (tests and the browser spec look for its times). */
export const sampleDentist = (now = Date.now()) => {
  const tomorrow = addDays(today(now), 1);
  return { date: tomorrow, start: instantOf(tomorrow, '10:00'), end: instantOf(tomorrow, '11:00') };
};

export function createCalendarStandInApp() {
  const put = new Map<string, { status: number; body: string; location?: string }>();
  const ics = (body: string, status = 200, location?: string) =>
    new Response(status >= 300 && status < 400 ? null : body, {
      status,
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        ...(location ? { Location: location } : {}),
      },
    });
  return new Hono()
    .get('/calendars/:file', (c) => {
      const name = c.req.param('file').replace(/\.ics$/, '');
      const set = put.get(name);
      if (set) return ics(set.body, set.status, set.location);
      if (name === 'sample') return ics(sampleCalendar());
      if (name === 'broken') return c.text('Internal Server Error', 500);
      if (name === 'not-a-calendar')
        return c.html('<!doctype html><title>Sign in</title><p>Sign in to continue</p>');
      return c.text('Not Found', 404);
    })
    .put('/calendars/:file', async (c) => {
      const name = c.req.param('file').replace(/\.ics$/, '');
      const location = c.req.query('location');
      put.set(name, {
        status: Number(c.req.query('status') ?? 200) || 200,
        body: await c.req.text(),
        ...(location ? { location } : {}),
      });
      return c.body(null, 204);
    })
    .delete('/calendars', (c) => {
      put.clear();
      return c.body(null, 204);
    });
}

/** Starts the stand-in; resolves once it listens. Its calendars are at `${url}/calendars/{name}.ics`. */
export function startCalendarStandIn(options: { host: string; port: number }): Promise<RunningStandIn> {
  return serveStandIn(createCalendarStandInApp(), options);
}
