import { useActor, useUser } from '../actor';
import { config } from '../config';
import { DISPLAY_TTL_MS, recentReads } from '../db/recent';
import { VisibleError } from '../error';
import * as time from '../time';
import { entity, readAll, type Stored } from './store';

/**
 * The shop's technicians (issue 22, decision 078). A technician is known to
 * the routes and claims by a number (1, 2, …: the key of their days,
 * `TECHDAY#<date>#<n>`, and a booking's `claim.technician`), and to people by
 * a name and, once invited, a sign-in account with the role `technician`.
 * They work their working days, in their own hours, except their days off;
 * a deactivated technician works no day and cannot sign in.
 */

export type Info = Stored;

/** Who works on a date, and their hours then (clock times of the business zone). */
export type OnDuty = {
  number: number;
  firstName: string;
  lastName: string;
  dayStart: string;
  dayEnd: string;
};

/** A technician as booking replies name them. */
export type Name = { number: number; firstName: string; lastName: string };

export const nameOf = (t: Pick<Info, 'number' | 'firstName' | 'lastName'>): Name => ({
  number: t.number,
  firstName: t.firstName,
  lastName: t.lastName,
});

/** The working time a new technician gets unless the admin says otherwise: every day, the shop's day. */
export function defaultHours(): Pick<Info, 'workingDays' | 'dayStart' | 'dayEnd'> {
  const { technicianDayStart, technicianDayEnd } = config();
  return { workingDays: [...time.weekdays], dayStart: technicianDayStart, dayEnd: technicianDayEnd };
}

/** Every technician of the shop, active or not, by number (a crew is small: one read). */
export function list(): Promise<Info[]> {
  return readAll();
}

/** The technician numbered `number`, or null (strongly consistent). */
export async function get(number: number): Promise<Info | null> {
  if (!Number.isInteger(number) || number < 1) return null;
  return (await entity.get({ number }, { consistent: true })) ?? null;
}

/** The technician whose account is `userId`, or null. */
export async function ofUser(userId: string): Promise<Info | null> {
  return (await list()).find((t) => t.userId === userId) ?? null;
}

/** Why `t` does not work on `date`, or null when they do. */
export function offDuty(t: Info, date: string): 'inactive' | 'day-off' | 'weekday' | null {
  if (!t.active) return 'inactive';
  if (t.daysOff.includes(date)) return 'day-off';
  if (!t.workingDays.includes(time.weekdayOf(date))) return 'weekday';
  return null;
}

/** The technicians as the display may read them: a few seconds old at most (db/recent.ts, decision 112). */
const recentList = recentReads<Info[]>(DISPLAY_TTL_MS);

/**
 * The technicians working on `date` (active, a working day, not a day off), with their hours, by number.
 * `recent`: from the display's short memory (availability shown, never a claim).
 */
export async function crewOn(date: string, { recent = false }: { recent?: boolean } = {}): Promise<OnDuty[]> {
  return (await (recent ? recentList('crew', list) : list()))
    .filter((t) => offDuty(t, date) === null)
    .map((t) => ({ ...nameOf(t), dayStart: t.dayStart, dayEnd: t.dayEnd }));
}

/** Why `t` cannot take a job on `date`, in words (the reassignment's 409). */
export function offDutyMessage(t: Info, date: string): string | null {
  const name = `${t.firstName} ${t.lastName}`;
  switch (offDuty(t, date)) {
    case 'inactive':
      return `${name} is deactivated and takes no jobs.`;
    case 'day-off':
      return `${name} has ${time.formatLongDate(date)} off.`;
    case 'weekday':
      return `${name} does not work on ${time.weekdayOf(date)}s.`;
    case null:
      return null;
  }
}

/**
 * 401 without a session; passes for the system, an admin, and the
 * technician `number` (the job's technician); 403 for anyone else.
 */
export async function assertWorks(number: number | undefined): Promise<void> {
  if (useActor().type === 'system') return;
  const user = useUser();
  if (user.role === 'admin') return;
  if (user.role === 'technician' && number !== undefined) {
    const me = await ofUser(user.userId);
    if (me?.active && me.number === number) return;
  }
  throw new VisibleError('forbidden', 'You do not have permission to do that.');
}

/** The signed-in technician's own record; 403 for anyone else (and for a deactivated one). */
export async function me(): Promise<Info> {
  const user = useUser();
  const mine = user.role === 'technician' ? await ofUser(user.userId) : null;
  if (!mine?.active) throw new VisibleError('forbidden', 'You do not have permission to do that.');
  return mine;
}
