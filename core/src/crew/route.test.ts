import { describe, expect, it } from 'vitest';
import * as time from '../time';
import {
  distinctPlaces,
  driveTable,
  firstFitting,
  legs,
  misfit,
  misfitMessage,
  type RouteJob,
  type RouteRules,
  workingHours,
} from './route';

const base = { lat: 39.96, lng: -75.6 };
const near = { lat: 39.97, lng: -75.6 };
const far = { lat: 40.3, lng: -75.6 };

/** Drive minutes by place: base ↔ near 10, base ↔ far 50, near ↔ far 45; a place to itself 0. */
function drive(from: RouteJob['at'], to: RouteJob['at']): number {
  const name = (at: RouteJob['at']) => (at === null || at === base ? 'base' : at === near ? 'near' : 'far');
  const [a, b] = [name(from), name(to)].sort();
  if (a === b) return 0;
  const minutes: Record<string, number> = { 'base|near': 10, 'base|far': 50, 'far|near': 45 };
  return minutes[`${a}|${b}`] ?? Number.NaN;
}

const at = (date: string, clock: string) => Date.parse(time.instantOf(date, clock));
const DATE = '2026-11-23';
const job = (id: string, clock: string, minutes: number, place: RouteJob['at'], date = DATE): RouteJob => ({
  id,
  start: at(date, clock),
  end: at(date, clock) + minutes * 60_000,
  at: place,
});
const rules = (over: Partial<RouteRules> = {}, date = DATE): RouteRules => ({
  hours: workingHours(date, '07:00', '19:00'),
  bufferMinutes: 15,
  drive,
  ...over,
});

describe('the first job of the day', () => {
  it('is reached from the base, leaving when the working day starts', () => {
    // 07:00 + 50 minutes of driving: 07:50 at the earliest.
    expect(misfit([], job('a', '07:45', 60, far), rules())).toEqual({ kind: 'from-base', minutes: 50 });
    expect(misfit([], job('a', '07:50', 60, far), rules())).toBeNull();
    // A job at the base (no address) may start when the day does.
    expect(misfit([], job('a', '07:00', 60, null), rules())).toBeNull();
  });

  it('inserted before the day’s first job, leaves time to reach it', () => {
    const day = [job('b', '10:00', 60, far)];
    // 08:00–09:00 near, then 45 + 15 minutes: at the far job by 10:00 exactly.
    expect(misfit(day, job('a', '08:00', 60, near), rules())).toBeNull();
    expect(misfit(day, job('a', '08:05', 60, near), rules())).toMatchObject({ kind: 'to-next', minutes: 45 });
  });
});

describe('inserting a job between two', () => {
  const day = [job('a', '08:00', 60, near), job('c', '13:00', 60, near)];

  it('needs the drive and the buffer from the previous job and to the next', () => {
    // near → far: 45 + 15 after 09:00 is 10:00.
    expect(misfit(day, job('b', '10:00', 60, far), rules())).toBeNull();
    expect(misfit(day, job('b', '09:55', 60, far), rules())).toMatchObject({
      kind: 'from-previous',
      minutes: 45,
      job: { id: 'a' },
    });
    // far → near: a job ending 12:00 reaches 13:00 exactly; one ending 12:05 does not.
    expect(misfit(day, job('b', '11:00', 60, far), rules())).toBeNull();
    expect(misfit(day, job('b', '11:05', 60, far), rules())).toMatchObject({
      kind: 'to-next',
      minutes: 45,
      job: { id: 'c' },
    });
  });

  it('a job 25 miles away does not fit right after a job where a near one does', () => {
    const after = [job('a', '08:00', 60, near)];
    expect(misfit(after, job('b', '09:30', 60, near), rules())).toBeNull();
    expect(misfit(after, job('b', '09:30', 60, far), rules())?.kind).toBe('from-previous');
  });

  it('refuses an overlap whatever the places', () => {
    expect(misfit(day, job('b', '08:30', 15, near), rules())).toMatchObject({
      kind: 'overlap',
      job: { id: 'a' },
    });
  });

  it('leaves the job being moved out of its own day', () => {
    expect(misfit(day, job('a', '08:00', 60, near), rules())).toBeNull();
  });
});

describe('working hours', () => {
  it('a job lies within them', () => {
    expect(misfit([], job('a', '18:00', 61, null), rules())).toEqual({ kind: 'hours' });
    expect(misfit([], job('a', '18:00', 60, null), rules())).toBeNull();
    expect(misfit([], job('a', '06:59', 30, null), rules())).toEqual({ kind: 'hours' });
  });

  it('the whole day, 00:00 to 24:00, ends at the next midnight', () => {
    const whole = workingHours(DATE, '00:00', '24:00');
    expect(whole.end - whole.start).toBe(24 * 60 * 60_000);
    expect(misfit([], job('a', '23:00', 60, null), rules({ hours: whole }))).toBeNull();
    expect(misfit([], job('a', '23:00', 61, null), rules({ hours: whole }))).toEqual({ kind: 'hours' });
  });

  it('on the spring-forward day (2026-03-08) the day is 23 hours long, and a job across 02:00 is an hour shorter on the wall', () => {
    const date = '2026-03-08';
    const whole = workingHours(date, '00:00', '24:00');
    expect(whole.end - whole.start).toBe(23 * 60 * 60_000);
    // 01:00 + 60 minutes is 03:00 EDT; a job at 03:00 after a 0-minute drive and no buffer fits exactly.
    const first = job('a', '01:00', 60, near, date);
    const r = rules({ hours: whole, bufferMinutes: 0 }, date);
    expect(misfit([first], job('b', '03:00', 60, near, date), r)).toBeNull();
    expect(misfit([first], job('b', '01:59', 60, near, date), r)?.kind).toBe('overlap');
    // 02:30 does not exist that night: it is 03:30 EDT, after the first job.
    expect(misfit([first], job('b', '02:30', 60, near, date), r)).toBeNull();
    // 07:00–19:00 in EDT: 11:00Z to 23:00Z.
    expect(new Date(workingHours(date, '07:00', '19:00').start).toISOString()).toBe(
      '2026-03-08T11:00:00.000Z',
    );
  });

  it('on the fall-back day (2026-11-01) the day is 25 hours long, and 01:30 is its first occurrence', () => {
    const date = '2026-11-01';
    const whole = workingHours(date, '00:00', '24:00');
    expect(whole.end - whole.start).toBe(25 * 60 * 60_000);
    const r = rules({ hours: whole, bufferMinutes: 0 }, date);
    // 00:30 EDT + 120 minutes ends at 01:30 EST: a job at "01:30" (EDT, the first one) overlaps it.
    const first = job('a', '00:30', 120, null, date);
    expect(misfit([first], job('b', '01:30', 30, null, date), r)?.kind).toBe('overlap');
    // At 02:00 EST (07:00Z) the first job has ended (06:30Z): 30 minutes spare for a 10-minute drive.
    expect(misfit([first], job('b', '02:00', 30, near, date), r)).toBeNull();
    // A 23:00 job of 60 minutes still ends by the (25-hour) day's end.
    expect(misfit([], job('c', '23:00', 60, null, date), r)).toBeNull();
  });
});

describe('choosing a technician', () => {
  it('takes the lowest technician whose day fits; the second when only theirs does', () => {
    const days = new Map([
      [1, [job('a', '09:00', 60, far)]],
      [2, [job('b', '09:00', 60, near)]],
    ]);
    // 10:15 near: from far 45 + 15 = 11:00 too late for technician 1; 10:00 + 0 + 15 = 10:15 fits 2.
    const crew = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        technician: i + 1,
        hours: workingHours(DATE, '07:00', '19:00'),
      }));
    expect(firstFitting(days, job('x', '10:15', 30, near), crew(2), rules())).toBe(2);
    expect(firstFitting(days, job('x', '11:00', 30, near), crew(2), rules())).toBe(1);
    expect(firstFitting(days, job('x', '10:15', 30, near), crew(1), rules())).toBeNull();
    // A technician without jobs is free; the order asked for is tried first.
    expect(firstFitting(days, job('x', '13:00', 30, far), crew(3), rules(), [3])).toBe(3);
    // A technician not on the crew that day is never chosen, even when asked for first.
    expect(firstFitting(days, job('x', '13:00', 30, far), crew(2), rules(), [3])).toBe(1);
  });

  it("uses each technician's own hours", () => {
    const days = new Map<number, RouteJob[]>();
    const crew = [
      { technician: 1, hours: workingHours(DATE, '07:00', '12:00') },
      { technician: 2, hours: workingHours(DATE, '12:00', '19:00') },
    ];
    expect(firstFitting(days, job('x', '09:00', 60, null), crew, rules())).toBe(1);
    expect(firstFitting(days, job('x', '14:00', 60, null), crew, rules())).toBe(2);
    // 11:30 to 12:30 crosses the end of 1's day and the start of 2's.
    expect(firstFitting(days, job('x', '11:30', 60, null), crew, rules())).toBeNull();
  });
});

describe('legs', () => {
  it('lists each leg with its slack; a negative slack cannot be driven', () => {
    const day = [job('b', '10:00', 60, far), job('a', '08:00', 60, near)];
    expect(legs(day, rules()).map((leg) => [leg.from?.id ?? 'base', leg.to.id, leg.slackMinutes])).toEqual([
      ['base', 'a', 50],
      ['a', 'b', 0],
    ]);
    const tight = [job('a', '08:00', 60, near), job('b', '09:30', 60, far)];
    expect(legs(tight, rules()).at(-1)?.slackMinutes).toBe(-30);
  });
});

describe('drive tables', () => {
  it('look up a matrix by place, the base for null, once per distinct place', () => {
    const places = distinctPlaces(base, [near, null, { ...near }, far]);
    expect(places).toEqual([base, near, far]);
    const table = driveTable(base, places, [
      [0, 10, 50],
      [11, 0, 45],
      [51, 46, 0],
    ]);
    expect(table(null, far)).toBe(50);
    expect(table(near, null)).toBe(11);
    expect(table({ ...far }, near)).toBe(46);
    expect(() => table({ lat: 1, lng: 1 }, near)).toThrow();
  });
});

describe('misfit messages', () => {
  it('say why in words, with the business zone’s clock times', () => {
    const moved = job('b', '11:00', 60, far);
    expect(
      misfitMessage({ kind: 'from-previous', job: job('a', '10:00', 30, near), minutes: 40 }, moved),
    ).toBe('The new address is 40 minutes from the 10:00 job: the technician cannot get there by 11:00.');
    expect(misfitMessage({ kind: 'to-next', job: job('c', '12:30', 30, near), minutes: 45 }, moved)).toBe(
      'The 12:30 job is 45 minutes from the new address: the technician cannot get there in time after this job ends at 12:00.',
    );
  });
});
