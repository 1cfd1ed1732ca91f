import { entity as bookings } from '../booking/store';
import * as time from '../time';
import { customerId } from './enrol';
import { nearestTimes, visitsOf } from './place';
import { nextVisits } from './recurrence';
import { type Enrolment, enrolment } from './store';

/** What a customer sees of their plans (issue 35, decision 131): each enrolment, its next visits, those that need a time. */

/** One of the next visits: placed (its booking's date, time and status) or still to be placed. */
export type NextVisit = { date: string; time: string; bookingId: string | null; status: string | null };

export type EnrolmentView = Enrolment & {
  next: NextVisit[];
  waiting: { date: string; nearest: { date: string; time: string }[] }[];
};

/** The next `count` visits of `e` from today: its placed bookings first, then the rule's occurrences to come. */
export async function nextOf(e: Enrolment, count = 3): Promise<NextVisit[]> {
  const today = time.today();
  if (e.state !== 'active') return [];
  const placed = await visitsOf(e.id, today, time.addDays(today, 400));
  const booked = await bookings.getMany(placed.map((v) => ({ id: v.bookingId })));
  const open = booked.filter((b) => b.status !== 'Cancelled' && b.planEnrolmentId === e.id);
  const out: NextVisit[] = open
    .map((b) => ({ date: b.date, time: b.time, bookingId: b.id, status: b.status }))
    .sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time));
  const after = e.placedThrough && e.placedThrough >= today ? time.addDays(e.placedThrough, 1) : today;
  for (const date of nextVisits(e.agreed.recurrence, e.startDate, after, count, e.skipped)) {
    out.push({ date, time: e.agreed.time, bookingId: null, status: null });
  }
  return out.slice(0, count);
}

/** One enrolment as its customer sees it: its next visits, and those that need a time with the nearest free times. */
export async function viewOf(e: Enrolment): Promise<EnrolmentView> {
  return {
    ...e,
    next: await nextOf(e),
    waiting:
      e.state === 'active'
        ? await Promise.all(
            (e.needsTime ?? [])
              .filter((d) => d >= time.today())
              .map(async (date) => ({ date, nearest: await nearestTimes(e, date) })),
          )
        : [],
  };
}

/** `GET /api/plans/enrolments`: the signed-in customer's plans, newest first (one bounded page). */
export async function listMine(): Promise<EnrolmentView[]> {
  const userId = customerId();
  const page = await enrolment.query.ofCustomer({ userId }, { limit: 50, descending: true });
  return Promise.all(page.items.map(viewOf));
}
