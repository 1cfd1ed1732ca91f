import * as z from 'zod';
import { assertStaff, useUser } from '../actor';
import { VisibleError } from '../error';
import { Technician } from '../technician/index';
import { namedTechnician } from '../technician/store';
import { User } from '../user/index';
import { fn } from '../util/fn';
import { forBooking } from '../workorder/for-booking';
import { Crew } from '../crew/crew';
import { calendarDate } from '../booking/input';
import { legs } from '../crew/route';
import { entity, type Stored } from '../booking/store';

/**
 * The technician's day on their phone (issue 22, decision 079): the jobs of
 * one technician's day in route order, each with the drive from the stop
 * before it (the base, for the first). A bounded read: the day's item
 * (`TECHDAY#<date>#<n>`), the bookings it names by key, their customers'
 * accounts by key (for the phone number) and each job's work orders (one
 * small query each), and one drive matrix over the day's places.
 */

export const TechDayInput = z.object({
  date: calendarDate,
  /** An admin names the technician; a technician reads their own day (naming only themselves). */
  technician: namedTechnician,
});

export const techDayMessages = {
  whoseDay: 'Name the technician whose day to show.',
  noSuchTechnician: 'There is no such technician.',
  notYourDay: 'You can only see your own day.',
  notATechnician: 'Your account is not one of the shop technicians.',
} as const;

/** One job of the day, as the phone shows it. */
export type TechJob = {
  booking: Stored;
  /** The job's start and end as instants (ISO). */
  start: string;
  end: string;
  /** Minutes of driving from the stop before (the base, for the first job). */
  driveMinutes: number;
  /** The number the job is reached at (the booking's, else its account's); null: none given. */
  phone: string | null;
  /** The newest work order of the job that is not cancelled, if any. */
  workOrderId: string | null;
};

export type TechDay = { date: string; technician: Technician.Info; jobs: TechJob[] };

/** Which technician's day the caller may read: their own (a technician), or the one named (an admin). */
async function whose(requested: number | undefined): Promise<Technician.Info> {
  assertStaff();
  const user = useUser();
  if (user.role === 'admin') {
    if (requested === undefined) throw new VisibleError('invalid', techDayMessages.whoseDay);
    const named = await Technician.get(requested);
    if (!named) throw new VisibleError('not_found', techDayMessages.noSuchTechnician);
    return named;
  }
  const me = await Technician.ofUser(user.userId);
  if (!me?.active) throw new VisibleError('forbidden', techDayMessages.notATechnician);
  if (requested !== undefined && requested !== me.number) {
    throw new VisibleError('forbidden', techDayMessages.notYourDay);
  }
  return me;
}

/** `GET /api/tech/day?date=…[&technician=N]`. */
export const techDay = fn(TechDayInput, async ({ date, technician: requested }): Promise<TechDay> => {
  const technician = await whose(requested);
  const day = await Crew.dayOf(date, technician.number);
  const route = Object.entries(day.jobs).map(([id, job]) => Crew.routeJob(id, job));
  if (route.length === 0) return { date, technician, jobs: [] };
  const [bookings, rules] = await Promise.all([
    entity.getMany(route.map((job) => ({ id: job.id }))),
    Crew.rules(new Map([[technician.number, day]]), []),
  ]);
  // The legs in route order (the dispatch board's own reading of a day: route.ts `legs`; only the order
  // and the drives are read here, not the slack, so the working hours do not matter).
  const order = legs(route, { ...rules, hours: day.hours ?? { start: 0, end: 0 } });
  const byId = new Map(bookings.map((b) => [b.id, b]));
  const userIds = [...new Set(bookings.flatMap((b) => (b.userId && !b.customer?.phone ? [b.userId] : [])))];
  const [accounts, workOrders] = await Promise.all([
    Promise.all(userIds.map((id) => User.find(id))),
    Promise.all(order.map((leg) => forBooking(leg.to.id))),
  ]);
  const phones = new Map(
    accounts.flatMap((a) => {
      const phone = a && User.contactPhone(a);
      return a && phone ? [[a.id, phone] as const] : [];
    }),
  );
  const jobs: TechJob[] = [];
  order.forEach(({ from, to }, i) => {
    const booking = byId.get(to.id);
    // A job whose booking is gone (deleted by hand) is not shown.
    if (!booking) return;
    jobs.push({
      booking,
      start: new Date(to.start).toISOString(),
      end: new Date(to.end).toISOString(),
      driveMinutes: rules.drive(from?.at ?? null, to.at),
      // The booking's own number (issue 30), else its account's (a booking from before: decision 093).
      phone: booking.customer?.phone ?? ((booking.userId && phones.get(booking.userId)) || null),
      workOrderId: workOrders[i]?.id ?? null,
    });
  });
  return { date, technician, jobs };
});
