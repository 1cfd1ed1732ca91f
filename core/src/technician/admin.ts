import * as z from 'zod';
import { assertAdmin, useActor } from '../actor';
import { invite as inviteAccount } from '../account/invite';
import { failedConditions, type TransactItem, transactWrite } from '../db/entity';
import { putIfUnchanged } from '../db/revision';
import { VisibleError } from '../error';
import { Outbox } from '../mail/outbox';
import { RateLimit } from '../rate-limit/index';
import { rateLimits } from '../rate-limit/rules';
import { calendarDate as dateField } from '../rules/schema';
import * as time from '../time';
import { User } from '../user/index';
import { fn } from '../util/fn';
import { hoursMessage, hoursProblem } from './hours';
import {
  entity,
  futureDaysOff,
  lastNumber,
  MAX_DAYS_OFF,
  MAX_TECHNICIANS,
  raiseCounterItem,
  readAll,
  type Stored,
} from './store';
import { defaultHours, get, type Info } from './technician';

/**
 * The admin's verbs on technicians (issue 22, decision 078): invite one
 * (their account, with no password, and the invitation whose link sets it,
 * as for a shop-made customer), edit their working days, hours and days
 * off, deactivate them (they cannot sign in, are offered no job, and their
 * jobs still to come are listed to give to others) or activate them again.
 */

export const messages = {
  notFound: 'Technician not found.',
  changed: 'This technician was changed meanwhile. Please reload and try again.',
  tooMany: `The shop has ${MAX_TECHNICIANS} technicians already, the most it can keep.`,
  hours: hoursMessage,
} as const;

const weekday = z.enum(time.weekdays, { error: 'Working days must be weekday names, e.g. Monday.' });
const clock = z
  .string({ error: 'Times must be written HH:mm, e.g. 07:00.' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times must be written HH:mm, e.g. 07:00.');
const clockEnd = z
  .string({ error: 'The end of the day must be written HH:mm, e.g. 19:00 (24:00: midnight).' })
  .regex(
    /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/,
    'The end of the day must be written HH:mm, e.g. 19:00 (24:00: midnight).',
  );
const dayOff = dateField({
  shape: 'Days off must be dates written yyyy-MM-dd.',
  required: 'Days off must be dates written yyyy-MM-dd.',
});

/** Working time as the admin edits it: each part optional (unchanged when absent). */
const WorkingTime = z.object({
  workingDays: z.array(weekday).min(1, 'Choose at least one working day.').max(7).optional(),
  dayStart: clock.optional(),
  dayEnd: clockEnd.optional(),
  daysOff: z.array(dayOff).max(MAX_DAYS_OFF, `At most ${MAX_DAYS_OFF} days off are kept.`).optional(),
});

export const InviteInput = User.InviteInput.extend(WorkingTime.shape);

export const EditInput = WorkingTime.extend({
  firstName: User.InviteInput.shape.firstName.optional(),
  lastName: User.InviteInput.shape.lastName.optional(),
  phone: User.InviteInput.shape.phone,
});

const NumberInput = z.coerce
  .number({ error: 'Technician not found.' })
  .int('Technician not found.')
  .positive('Technician not found.');

/** `next`'s working time checked: the day ends after it starts; days off only from today on. */
function withWorkingTime(next: Stored): Stored {
  const problem = hoursProblem(next.dayStart, next.dayEnd);
  if (problem) throw new VisibleError('invalid', problem);
  return {
    ...next,
    workingDays: time.weekdays.filter((d) => next.workingDays.includes(d)),
    daysOff: futureDaysOff(next.daysOff),
  };
}

const fresh = (
  number: number,
  person: { firstName: string; lastName: string; email: string; phone?: string | undefined },
  hours: z.output<typeof WorkingTime>,
): Stored => {
  const now = new Date().toISOString();
  const defaults = defaultHours();
  return {
    number,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    ...(person.phone ? { phone: person.phone } : {}),
    workingDays: hours.workingDays ?? defaults.workingDays,
    dayStart: hours.dayStart ?? defaults.dayStart,
    dayEnd: hours.dayEnd ?? defaults.dayEnd,
    daysOff: hours.daysOff ?? [],
    active: true,
    rev: 0,
    createdAt: now,
    updatedAt: now,
  };
};

/**
 * Invites a technician: their account (role technician, no password), the
 * technician with the next number, the invitation link (a reset-password
 * link, account/invite.ts) and its mail, in one transaction; 409 when
 * the address has an account already, with nothing written or mailed.
 */
export const invite = fn(InviteInput, async (input): Promise<Info> => {
  assertAdmin();
  const actor = useActor();
  // Accounts an admin makes share one limit (customers and technicians alike).
  await RateLimit.hit(rateLimits.createCustomerAdmin, actor.type === 'user' ? actor.userId : 'system');
  for (let attempt = 1; ; attempt += 1) {
    const last = await lastNumber();
    if (last >= MAX_TECHNICIANS) throw new VisibleError('conflict', messages.tooMany);
    const technician = withWorkingTime(fresh(last + 1, input, input));
    let mail: Outbox.Prepared | undefined;
    try {
      const account = await User.createInvited(
        input,
        (userId) => {
          const invitation = inviteAccount('technician', { id: userId, email: input.email });
          mail = invitation.mail;
          return [
            raiseCounterItem(last, last + 1),
            entity.tx.put({ ...technician, userId }, { ifAbsent: true }),
            ...invitation.items,
          ];
        },
        'technician',
      );
      if (mail) await Outbox.deliver(mail);
      return { ...technician, userId: account.id };
    } catch (error) {
      // The account's writer answers 409 for any failed condition: only a number taken meanwhile is tried again.
      if (!(error instanceof VisibleError && error.kind === 'conflict')) throw error;
      if (attempt >= 8 || (await lastNumber()) === last) throw error;
    }
  }
});

/** The technician `number`, or 404. */
async function found(number: number): Promise<Info> {
  const technician = await get(number);
  if (!technician) throw new VisibleError('not_found', messages.notFound);
  return technician;
}

/** Writes `next` as the revision after `read`'s, with `also`; 409 when it changed meanwhile. */
async function save(read: Info, next: Info, also: TransactItem[] = []): Promise<Info> {
  const written = { ...next, updatedAt: new Date().toISOString() };
  try {
    await transactWrite([putIfUnchanged(entity, written, read), ...also]);
  } catch (error) {
    if (failedConditions(error)?.includes(0)) throw new VisibleError('conflict', messages.changed);
    throw error;
  }
  return { ...written, rev: read.rev + 1 };
}

/** Edits a technician's name, phone, working days, hours and days off (each unchanged when absent). */
export const update = fn(z.tuple([NumberInput, EditInput]), async (number, input): Promise<Info> => {
  assertAdmin();
  const read = await found(number);
  const { phone, ...rest } = input;
  const defined = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  const next: Stored = withWorkingTime({ ...read, ...defined });
  if (phone !== undefined) {
    if (phone) next.phone = phone;
    else delete next.phone;
  }
  return save(read, next);
});

/**
 * Deactivates a technician (they cannot sign in: their account is disabled
 * and its sessions end; they are on no day's crew, so no new job is theirs)
 * or activates them again. Their jobs already booked stay theirs until the
 * admin gives them to others (`upcomingJobs` lists them).
 */
export const setActive = fn(z.tuple([NumberInput, z.boolean()]), async (number, active): Promise<Info> => {
  assertAdmin();
  const read = await found(number);
  if (read.active === active) return read;
  return save(read, { ...read, active }, read.userId ? [User.tx.setDisabled(read.userId, !active)] : []);
});

/**
 * Makes sure technicians 1 … `upTo` exist: the ones missing are written as
 * "Technician n" with the shop's hours, every day, no account, and the
 * counter is raised to at least `upTo` (the migration from CREW_SIZE, and
 * the seed). Conditional writes: run twice, the second changes nothing.
 * Returns how many it wrote.
 */
export async function ensureNumbered(upTo: number): Promise<number> {
  assertAdmin();
  const existing = new Set((await readAll()).map((t) => t.number));
  let written = 0;
  for (let number = 1; number <= upTo; number += 1) {
    if (existing.has(number)) continue;
    const placeholder = fresh(number, { firstName: 'Technician', lastName: String(number), email: '' }, {});
    if (await entity.createIfAbsent(placeholder)) written += 1;
  }
  for (let attempt = 1; attempt <= 8; attempt += 1) {
    const last = await lastNumber();
    if (last >= upTo) break;
    try {
      await transactWrite([raiseCounterItem(last, upTo)]);
      break;
    } catch (error) {
      if (failedConditions(error) === null) throw error;
    }
  }
  return written;
}

/**
 * Gives technician `number` (made first when missing) a verified account
 * with a password, and their name: for the local seed and the tests (the
 * system), never an API route, which invites instead. 409 when they have an
 * account already or the address has one.
 */
export async function giveAccount(
  number: number,
  person: { firstName: string; lastName: string; email: string; password: string; phone?: string },
): Promise<Info> {
  assertAdmin();
  await ensureNumbered(number);
  const read = await found(number);
  if (read.userId) throw new VisibleError('conflict', `Technician ${number} has an account already.`);
  const { password, ...named } = person;
  let next: Stored | undefined;
  await User.createWith(
    {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      password,
      role: 'technician',
      emailVerified: true,
    },
    (userId) => {
      next = {
        ...read,
        ...named,
        email: person.email.trim().toLowerCase(),
        userId,
        updatedAt: new Date().toISOString(),
      };
      return [putIfUnchanged(entity, next, read)];
    },
  );
  if (!next) throw new Error('The technician was not written.');
  return { ...next, rev: read.rev + 1 };
}
