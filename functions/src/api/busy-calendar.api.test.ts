import { asSystem } from '@app/core/actor';
import { calendarAddressMessages } from '@app/core/calendar/address';
import { Crew } from '@app/core/crew/crew';
import { BusyCalendar } from '@app/core/crew/busy-calendar';
import * as time from '@app/core/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDate, postBooking, send } from '../../../tests/booking-factories';
import {
  serviceOffering,
  createTechnician,
  createUser,
  createUserWithCard,
  json,
} from '../../../tests/factories';
import { handler as cron } from '../lambda/cron';
import { startCalendarStandIn } from '../local/calendar/stand-in';
import { freePort } from '../local/ports';
import type { RunningStandIn } from '../local/serve-stand-in';
import type { BusyCalendarReply } from './busy-calendar';
import type { TodayReply } from './dispatch';

/**
 * Busy time from a technician's own calendar (issue 36, decision 119): the
 * address set by the admin or the technician, read by the scheduled job from
 * the calendar stand-in, blocks exactly the busy times on the booking page
 * and in a direct booking; a broken address blocks nothing new, keeps the
 * last good busy time, and shows on Today until a read succeeds.
 */

let standIn: RunningStandIn;
let admin: Awaited<ReturnType<typeof createUser>>;
let tech: Awaited<ReturnType<typeof createTechnician>>;
beforeAll(async () => {
  // A free port may be taken before it is bound on a busy machine: try another.
  for (let attempt = 1; !standIn; attempt += 1) {
    standIn = await startCalendarStandIn({ host: '127.0.0.1', port: await freePort() }).catch(
      (error: unknown) => {
        if (attempt >= 5) throw error;
        return undefined as unknown as RunningStandIn;
      },
    );
  }
  admin = await createUser({ role: 'admin' });
  // The shop's one technician (number 1), with a sign-in account.
  tech = await createTechnician({}, { number: 1 });
});
afterAll(() => standIn.stop());

let feeds = 0;
/** A calendar of its own on the stand-in, serving `events` (VEVENT bodies) or answering `status`. */
async function feed(events: string[], status = 200): Promise<string> {
  feeds += 1;
  const url = `${standIn.url}/calendars/test-${feeds}-${crypto.randomUUID().slice(0, 6)}.ics`;
  await serve(url, events, status);
  return url;
}
async function serve(url: string, events: string[], status = 200) {
  const body = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    ...events.map(
      (e, i) => `BEGIN:VEVENT\r\nUID:e${i}@test\r\nDTSTAMP:20260101T000000Z\r\n${e}\r\nEND:VEVENT`,
    ),
    'END:VCALENDAR',
  ].join('\r\n');
  await fetch(`${url}?status=${status}`, { method: 'PUT', body });
}
const at = (date: string, clock: string) => `${date.replaceAll('-', '')}T${clock.replace(':', '')}00`;
const event = (date: string, from: string, to: string, extra = '') =>
  `SUMMARY:Dentist\r\nDTSTART;TZID=America/New_York:${at(date, from)}\r\nDTEND;TZID=America/New_York:${at(date, to)}${extra}`;

/** The scheduled run at `minutesLater` (each address is due again a quarter of an hour after a read). */
let clock = Date.now();
const run = (minutesLater = 16) => {
  clock += minutesLater * 60_000;
  return cron({ now: new Date(clock).toISOString() });
};

const setAddress = (address: string, number = 1) =>
  send('PUT', `/api/tech/busy-calendar?technician=${number}`, admin.headers, { address });

const times = async (serviceId: string, date: string) =>
  (await json<{ times: string[] }>(await send('GET', `/api/services/${serviceId}/availability?date=${date}`)))
    .times;

const today = async () => json<TodayReply>(await send('GET', '/api/admin/today', admin.headers));

describe('busy time from the technician’s own calendar', () => {
  it('a busy event blocks exactly its times: on the booking page and in a direct booking', async () => {
    const date = nextDate('Wednesday');
    const service = await serviceOffering(['08:00', '09:00', '10:00', '11:00', '12:00']);
    expect(await times(service._id, date)).toEqual(['08:00', '09:00', '10:00', '11:00', '12:00']);
    const set = await setAddress(await feed([event(date, '10:30', '11:15')]));
    expect(set.status).toBe(200);
    expect(set.headers.get('cache-control')).toBe('no-store');
    // Not read yet: nothing blocked.
    expect(await times(service._id, date)).toHaveLength(5);

    const report = await run();
    expect(report.busyCalendars).toMatchObject({ read: 1 });
    // 10:00–11:00 and 11:00–12:00 meet 10:30–11:15; 09:00–10:00 ends before it.
    expect(await times(service._id, date)).toEqual(['08:00', '09:00', '12:00']);
    const customer = await createUserWithCard();
    const refused = await postBooking(customer, service._id, date, '11:00');
    expect(refused.status).toBe(409);
    expect((await postBooking(customer, service._id, date, '09:00')).status).toBe(201);

    // Removed: the busy time goes with it at once.
    const removed = await send('DELETE', '/api/tech/busy-calendar?technician=1', admin.headers);
    expect(await json<BusyCalendarReply>(removed)).toEqual({ calendar: null });
    expect(await times(service._id, date)).toEqual(['11:00', '12:00']);
  });

  it('a free, a cancelled or an all-day event elsewhere blocks only what it should', async () => {
    const date = nextDate('Thursday');
    const service = await serviceOffering(['09:00', '14:00']);
    await setAddress(
      await feed([
        event(date, '09:00', '10:00', '\r\nTRANSP:TRANSPARENT'),
        event(date, '14:00', '15:00', '\r\nSTATUS:CANCELLED'),
        `SUMMARY:Off\r\nDTSTART;VALUE=DATE:${time.addDays(date, 1).replaceAll('-', '')}`,
      ]),
    );
    await run();
    expect(await times(service._id, date)).toEqual(['09:00', '14:00']);
    expect(await times(service._id, time.addDays(date, 1))).toEqual([]);
    await setAddress(await feed([]));
  });

  it('a broken address blocks nothing new, keeps the last good busy time, and shows on Today until a read succeeds', async () => {
    const date = nextDate('Friday');
    const service = await serviceOffering(['09:00', '13:00']);

    // Never read: a 500 blocks nothing.
    const broken = await feed([event(date, '09:00', '10:00')], 500);
    await setAddress(broken);
    await run();
    expect(await times(service._id, date)).toEqual(['09:00', '13:00']);
    const failing = (await today()).busyCalendars;
    expect(failing).toEqual([
      expect.objectContaining({
        technician: 1,
        firstName: tech.technician.firstName,
        error: 'The calendar address answered 500 Internal Server Error.',
        masked: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/….ics$/),
        readAt: null,
      }),
    ]);

    // Read: 09:00 blocked. Broken again (not a calendar): still blocked, and Today says why.
    await serve(broken, [event(date, '09:00', '10:00')]);
    await run();
    expect((await today()).busyCalendars).toEqual([]);
    expect(await times(service._id, date)).toEqual(['13:00']);
    await fetch(`${broken}`, { method: 'PUT', body: '<html>Sign in</html>' });
    await run();
    expect(await times(service._id, date)).toEqual(['13:00']);
    expect((await today()).busyCalendars).toEqual([
      expect.objectContaining({
        error: 'The address did not answer with a calendar.',
        readAt: expect.any(String),
      }),
    ]);
    // An address that does not answer at all.
    await setAddress(`http://127.0.0.1:${await freePort()}/calendars/gone.ics`);
    await run();
    expect((await today()).busyCalendars).toEqual([
      expect.objectContaining({ error: 'The calendar address could not be reached.' }),
    ]);
    // A redirect is followed when it leads to a calendar address, refused when it leads elsewhere.
    await serve(broken, [event(date, '09:00', '10:00')]);
    const moved = await feed([]);
    await fetch(`${moved}?status=301&location=${encodeURIComponent(broken)}`, { method: 'PUT', body: '' });
    await setAddress(moved);
    await run();
    expect((await today()).busyCalendars).toEqual([]);
    expect(await times(service._id, date)).toEqual(['13:00']);
    await fetch(`${moved}?status=302&location=${encodeURIComponent('file:///etc/passwd')}`, {
      method: 'PUT',
      body: '',
    });
    await run();
    expect((await today()).busyCalendars).toEqual([
      expect.objectContaining({ error: 'The calendar address redirects somewhere it may not be read from.' }),
    ]);
    await setAddress(await feed([]));
    await run();
    expect((await today()).busyCalendars).toEqual([]);
  });

  it('the technician sets their own; the address is checked; others may not read it', async () => {
    const mine = await send('PUT', '/api/tech/busy-calendar', tech.headers, {
      address: 'webcal://p12-caldav.icloud.com/published/2/SECRETTOKENabcd',
    });
    // The local stack allows its own stand-in; on AWS this machine and bare IPs are refused.
    expect(mine.status).toBe(200);
    expect((await json<BusyCalendarReply>(mine)).calendar).toMatchObject({
      address: 'webcal://p12-caldav.icloud.com/published/2/SECRETTOKENabcd',
      masked: 'webcal://p12-caldav.icloud.com/…abcd',
      readAt: null,
    });
    expect(
      (
        await json<BusyCalendarReply>(
          await send('GET', '/api/tech/busy-calendar?technician=1', admin.headers),
        )
      ).calendar?.masked,
    ).toBe('webcal://p12-caldav.icloud.com/…abcd');
    for (const address of [
      'ftp://example.com/cal.ics',
      'not a url',
      `https://example.com/${'x'.repeat(2000)}`,
      'http://example.com/c.ics',
    ]) {
      const refused = await send('PUT', '/api/tech/busy-calendar', tech.headers, { address });
      expect(refused.status, address).toBe(400);
      expect((await json<{ msg: string }>(refused)).msg).toMatch(
        new RegExp(`${calendarAddressMessages.shape.slice(0, 20)}|too long`),
      );
    }
    const customer = await createUser();
    expect((await send('GET', '/api/tech/busy-calendar', customer.headers)).status).toBe(403);
    const other = await createTechnician();
    expect((await send('GET', '/api/tech/busy-calendar?technician=1', other.headers)).status).toBe(403);
    expect((await send('GET', '/api/tech/busy-calendar', admin.headers)).status).toBe(400);
    expect((await send('GET', '/api/tech/busy-calendar')).status).toBe(401);
    expect((await send('GET', '/api/tech/busy-calendar?technician=99', admin.headers)).status).toBe(404);
    expect((await send('DELETE', '/api/tech/busy-calendar', tech.headers)).status).toBe(200);
  });

  it('two scheduled runs at once store one consistent set', async () => {
    const [first, second] = [nextDate('Monday'), nextDate('Tuesday')];
    const address = await feed([event(first, '10:00', '11:00'), event(first, '15:00', '16:00')]);
    await setAddress(address);
    await Promise.all([run(), run(0)]);
    const busyOn = async (date: string) => (await Crew.days(date)).get(1)?.hours?.busy ?? [];
    expect(await busyOn(first)).toHaveLength(2);

    // The calendar changes: the first day is free now, the second busy.
    await serve(address, [event(second, '14:00', '15:00')]);
    clock += 16 * 60_000;
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => asSystem('cron', () => BusyCalendar.readDue(new Date(clock)))),
    );
    expect(runs.reduce((n, r) => n + r.done, 0)).toBe(1);
    expect(await busyOn(first)).toEqual([]);
    expect(await busyOn(second)).toEqual([
      {
        start: Date.parse(time.instantOf(second, '14:00')),
        end: Date.parse(time.instantOf(second, '15:00')),
      },
    ]);
    // A change of address while a read is under way: the read writes nothing (its version is gone).
    await serve(address, [event(first, '10:00', '11:00')]);
    clock += 16 * 60_000;
    const [, changed] = await Promise.all([
      asSystem('cron', () => BusyCalendar.readDue(new Date(clock))),
      setAddress(await feed([])),
    ]);
    expect(changed.status).toBeLessThan(500);
    // Had the read's write come first, the change was refused (409, "Please try again"): tried again, it holds.
    if (changed.status === 409) expect((await setAddress(await feed([]))).status).toBe(200);
    await run();
    expect(await busyOn(first)).toEqual([]);
    expect(await busyOn(second)).toEqual([]);
  });
});
