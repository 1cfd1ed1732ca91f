import { assertAdmin } from '../actor';
import * as time from '../time';
import { Crew } from '../crew/crew';
import { legs } from '../crew/route';
import { entity, openView, type Row } from '../booking/store';

/**
 * The dispatch board's reads (issue 22, decision 081): for each date, the
 * technicians' days (one batch of at most the crew's size), the drive before
 * each job (one drive-time matrix per date, as a claim computes it), the
 * bookings on those days by key, and the open bookings of the dates that no
 * day holds (the unassigned lane), from the open-bookings index with a
 * bounded page. Nothing reads a whole collection.
 */

/** At most this many open bookings of the board's dates are read for the unassigned lane. */
export const BOARD_OPEN_READ = 200;
/** The board shows at most a week. */
export const BOARD_MAX_DAYS = 7;

export type BoardJob = {
  booking: Row;
  /** The technician whose day holds it (or, off that day, whom its claim names); null: unassigned. */
  technician: number | null;
  /** The drive from the previous stop (the base for the first job), in minutes; null when unassigned. */
  driveMinutes: number | null;
};

export type Board = {
  jobs: BoardJob[];
  /** More open bookings of these dates exist than were read: the unassigned lane may be incomplete. */
  moreUnassigned: boolean;
};

/** One date's technicians' jobs, in the route's order, with the drive before each. */
async function assigned(date: string): Promise<{ technician: number; bookingId: string; drive: number }[]> {
  const days = await Crew.days(date);
  const withJobs = new Map([...days].filter(([, day]) => Object.keys(day.jobs).length > 0));
  if (withJobs.size === 0) return [];
  const rules = await Crew.rules(withJobs, []);
  return [...Crew.routes(withJobs)].flatMap(([technician, jobs]) =>
    legs(jobs, { ...rules, hours: withJobs.get(technician)?.hours ?? { start: 0, end: 0 } }).map((leg) => ({
      technician,
      bookingId: leg.to.id,
      drive: rules.drive(leg.from?.at ?? null, leg.to.at),
    })),
  );
}

/** The board of `days` dates from `from` (admin): every job of those dates with its technician and drive. */
export async function board(from: string, days: number): Promise<Board> {
  assertAdmin();
  const dates = Array.from({ length: Math.min(Math.max(days, 1), BOARD_MAX_DAYS) }, (_, i) =>
    time.addDays(from, i),
  );
  const [placed, open] = await Promise.all([
    Promise.all(dates.map(assigned)).then((all) => all.flat()),
    openView.query({
      ...entity.where('open', {}, { between: [{ date: from }, { date: dates.at(-1) ?? from }] }),
      limit: BOARD_OPEN_READ,
    }),
  ]);
  const onDays = new Map(placed.map((p) => [p.bookingId, p]));
  const records = new Map(
    (await entity.getMany([...onDays.keys()].map((id) => ({ id })))).map((b) => [b.id, b as Row]),
  );
  const jobs: BoardJob[] = [];
  for (const p of placed) {
    const booking = records.get(p.bookingId);
    if (booking && booking.status !== 'Cancelled')
      jobs.push({ booking, technician: p.technician, driveMinutes: p.drive });
  }
  // Open bookings no working technician's day holds: with the technician their claim names (one off that
  // day, say), else unassigned.
  for (const booking of open.items) {
    if (!onDays.has(booking.id))
      jobs.push({ booking, technician: booking.claim?.technician ?? null, driveMinutes: null });
  }
  jobs.sort((a, b) =>
    `${a.booking.date}${a.booking.time}`.localeCompare(`${b.booking.date}${b.booking.time}`),
  );
  return { jobs, moreUnassigned: open.cursor !== null };
}

/** At most this many open bookings are read to find those awaiting the customer's verification. */
export const VERIFICATION_READ_BUDGET = 250;

/**
 * Custom bookings from `from` on that wait for the customer's verification
 * (Pending Verification, or its customer variant), soonest first: a page of
 * the open-bookings index filtered within a read budget.
 */
export async function awaitingVerification(from: string, limit: number) {
  assertAdmin();
  return openView.query({
    ...entity.where('open', {}, { from: { date: from } }),
    limit,
    filter: (b) => b.status === 'Pending Verification' || b.status === 'Pending Customer Verification',
    budget: VERIFICATION_READ_BUDGET,
  });
}
