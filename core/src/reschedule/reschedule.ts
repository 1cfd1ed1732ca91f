import * as z from 'zod';
import { useUser } from '../actor';
import { business } from '../business';
import { config } from '../config';
import type { TransactItem } from '../db/entity';
import { VisibleError } from '../error';
import * as time from '../time';
import { Service } from '../service/index';
import { callerFirst, fn } from '../util/fn';
import { rescheduleItems } from '../booking/reminder-due';
import { type Availability, openTimes } from '../booking/availability';
import { claim } from '../booking/claim';
import { calendarDate } from '../booking/input';
import { rescheduleNotice, shopBookingRescheduledMail } from '../booking/notices';
import { bookingMessages, customerCanReschedule } from '../booking/rules';
import {
  type Info,
  mailInfo,
  ownedBooking,
  putIfUnchanged,
  type Stored,
  withService,
} from '../booking/store';

/**
 * Rescheduling (issue 21, decision 075): the owner (or the admin) moves a
 * Pending or Confirmed booking to another time of the same service, at the
 * booking's address. The new time is one availability offers there (the
 * slots, the BOOKED guards, the technicians' routes with the drive rules),
 * and the move is one transaction (claim.ts `claim` with `from`): the new
 * time claimed, the old one given back, the booking written on condition
 * that it is the revision read, and the notices to both sides. A customer
 * may move a booking until `rescheduleNoticeHours` before its start; later
 * they are asked to call. The link variant (a reminder's Reschedule button)
 * is the same move, with the link's use in its transaction.
 */

export const rescheduleMessages = {
  moved: 'Your appointment has been moved.',
  notReschedulable: 'Only a pending or confirmed booking can be rescheduled.',
  sameTime: 'That is already the time of this booking. Please choose another time.',
  /** A getter: the phone is a setting, read when the message is given. */
  get notOnline() {
    return `This booking cannot be rescheduled online. Please call us at ${business.phone} to change it.`;
  },
  tooLate: (hours: number) =>
    `Bookings can be rescheduled online until ${hours} hours before they start. Please call us at ${business.phone} to change this one.`,
} as const;

export const RescheduleInput = z.object({
  date: calendarDate,
  time: z
    .string({ error: 'Time is required.' })
    .refine(time.isClockTime, 'Time must look like 09:30 (24-hour).'),
});
export type RescheduleInput = z.input<typeof RescheduleInput>;

export const TimesQuery = z.object({ date: calendarDate });

/** Whether a customer may still move the booking online, and if not, what to tell them. */
export type RescheduleWindow = {
  allowed: boolean;
  /** Why not: the status, a booking only the shop can move, or the notice hours passed. */
  reason: 'status' | 'not-online' | 'notice' | null;
  /** Why not ('' when allowed): the status, or the notice with the number to call. */
  msg: string;
  /** The last instant a customer may move it (ISO). */
  deadline: string;
  noticeHours: number;
  phone: string;
};

/** The window of `b` at `now` (the same rule the move enforces). */
export function rescheduleWindow(b: Stored, now = Date.now()): RescheduleWindow {
  const { rescheduleNoticeHours: noticeHours } = config();
  const start = Date.parse(time.instantOf(b.date, b.time));
  const deadline = new Date(start - noticeHours * 3_600_000).toISOString();
  const reason: RescheduleWindow['reason'] = !customerCanReschedule(b.status)
    ? 'status'
    : !b.serviceId || b.isCustomService
      ? 'not-online'
      : now > Date.parse(deadline)
        ? 'notice'
        : null;
  const msg =
    reason === 'status'
      ? rescheduleMessages.notReschedulable
      : reason === 'not-online'
        ? rescheduleMessages.notOnline
        : reason === 'notice'
          ? rescheduleMessages.tooLate(noticeHours)
          : '';
  return { allowed: reason === null, reason, msg, deadline, noticeHours, phone: business.phone };
}

/**
 * A booking as the reschedule page reads it: the booking, its window, and
 * the weekdays its service is open (the calendar's; empty: every day).
 */
export type ForReschedule = { booking: Info; window: RescheduleWindow; availableDays: time.Weekday[] };

/** What the reschedule page shows of `booking`. */
export async function pageOf(booking: Stored): Promise<ForReschedule> {
  const [info, service] = await Promise.all([
    withService(booking),
    booking.serviceId ? Service.fromId(booking.serviceId).catch(() => null) : null,
  ]);
  return { booking: info, window: rescheduleWindow(booking), availableDays: service?.availableDays ?? [] };
}

/** `GET /api/bookings/{id}/reschedule`: the owner's (or the admin's) booking and whether it can move. */
export const forReschedule = fn(
  z.string(),
  async (bookingId): Promise<ForReschedule> => {
    return pageOf(await ownedBooking(bookingId));
  },
  callerFirst(useUser),
);

/**
 * The times `b` can move to on `date`: its service's availability at its
 * address, its own job left out of the route check (it moves). None while
 * the booking cannot move.
 */
export async function timesFor(
  b: Stored,
  date: string,
  { notice, now = Date.now() }: { notice: boolean; now?: number },
): Promise<Availability> {
  const window = rescheduleWindow(b, now);
  const open = window.reason === null || (!notice && window.reason === 'notice');
  if (!open || !b.serviceId) return { times: [], system: 'timeslot', message: window.msg };
  const place = b.serviceAddress?.location ?? null;
  const { availability } = await openTimes(b.serviceId, date, {
    now,
    place,
    moving: b.id,
    minutes: b.durationMinutes,
  });
  const times = availability.times.filter((at) => at !== b.time || date !== b.date);
  return { ...availability, times };
}

/** `GET /api/bookings/{id}/reschedule/times?date=`: the owner's (or the admin's). */
export const times = fn(z.tuple([z.string(), TimesQuery]), async (bookingId, query) =>
  timesFor(await ownedBooking(bookingId), query.date, { notice: useUser().role !== 'admin' }),
);

/** `POST /api/bookings/{id}/reschedule`: the owner (bound by the notice) or the admin (not) moves it. */
export const reschedule = fn(z.tuple([z.string(), RescheduleInput]), async (bookingId, input) => {
  const booking = await ownedBooking(bookingId);
  const byShop = useUser().role === 'admin';
  return withService(await move(booking, input, { notice: !byShop }));
});

/**
 * Moves `read` to `input`'s date and time: 409 `{ msg }` unless it is
 * Pending or Confirmed, of a bookable service, (with `notice`) not within
 * the notice hours, and the new time one availability offers; 409 when the
 * time is taken meanwhile or the booking changed (nothing written then).
 * `commit` writes the move's transaction (by a link: with the link's use, LinkToken.use).
 */
export async function move(
  read: Stored,
  input: z.output<typeof RescheduleInput>,
  options: { notice: boolean; commit?: (items: TransactItem[]) => Promise<void> },
): Promise<Stored> {
  const window = rescheduleWindow(read);
  // The shop itself may move a booking inside the notice hours (the customer is asked to call it).
  if (window.reason !== null && (options.notice || window.reason !== 'notice')) {
    throw new VisibleError('conflict', window.msg, { phone: window.phone });
  }
  if (!read.serviceId) throw new VisibleError('conflict', rescheduleMessages.notOnline);
  if (input.date === read.date && input.time === read.time) {
    throw new VisibleError('invalid', rescheduleMessages.sameTime);
  }
  if (input.date < time.today()) throw new VisibleError('invalid', bookingMessages.pastDate);
  const place = read.serviceAddress?.location ?? null;
  // The route is checked by the claim, at the booking's place; here the times offered there.
  const { slots, availability } = await openTimes(read.serviceId, input.date, {
    place,
    moving: read.id,
    minutes: read.durationMinutes,
  });
  if (!availability.times.includes(input.time)) {
    throw new VisibleError('conflict', bookingMessages.timeUnavailable);
  }
  const slot = availability.system === 'timeslot' ? slots.find((s) => s.time === input.time) : undefined;
  if (availability.system === 'timeslot' && !slot) {
    throw new VisibleError('conflict', bookingMessages.timeUnavailable);
  }
  const now = new Date().toISOString();
  const { claim: _old, attendanceConfirmedAt: _answered, ...rest } = read;
  const base: Omit<Stored, 'claim'> = {
    ...rest,
    date: input.date,
    time: input.time,
    slotId: slot?.id,
    icsSequence: (read.icsSequence ?? 0) + 1,
    updatedAt: now,
  };
  const previous = { date: read.date, time: read.time };
  const info = mailInfo(base);
  const moved = await claim(base, now, {
    write: (record) => putIfUnchanged(record, read),
    mails: () => [shopBookingRescheduledMail(info, previous)],
    notices: read.customer?.email ? [rescheduleNotice(info, read.userId, previous)] : [],
    taken: bookingMessages.slotTaken,
    crewFull: bookingMessages.crewFull,
    from: read,
    // The due reminders move with it (issue 21: core/src/reminder); a link's use is written by `commit`.
    extra: (record) => rescheduleItems(record, new Date(now)),
    commit: options.commit,
  });
  return { ...moved, rev: (read.rev ?? 0) + 1 };
}
