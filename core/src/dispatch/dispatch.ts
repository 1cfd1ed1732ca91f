import * as z from 'zod';
import { assertAdmin } from '../actor';
import { Billing } from '../billing/index';
import type { Booking } from '../booking/index';
import { calendarDate } from '../booking/input';
import { BusyCalendar } from '../crew/busy-calendar';
import { Technician } from '../technician/index';
import * as time from '../time';
import { Outbox } from '../mail/outbox';
import { Sms } from '../sms/index';
import { fn } from '../util/fn';
import { awaitingVerification, type Board, board as boardOf, BOARD_MAX_DAYS, type BoardJob } from './board';
import { WorkOrder } from '../workorder/index';

/**
 * The admin's Today and the dispatch board (issue 22, decision 081): each a
 * few bounded reads composed from the domains that own them. The board and
 * Today's technicians come from the technicians' days; the other sections are
 * one page each of a sparse index or queue (Pending Verification from the
 * open bookings, acknowledgments from their queue, declined charges from the
 * declined queue, mail and texts given up from the outbox's).
 */

/** How many items each of Today's lists shows; the panel that owns a list pages the rest. */
export const TODAY_SECTION_LIMIT = 10;

export type Lane = { number: number; firstName: string; lastName: string; active: boolean };

/** The lanes: every active technician, and any other who holds a job shown. */
async function lanes(jobs: BoardJob[]): Promise<Lane[]> {
  const all = await Technician.list();
  const holding = new Set(jobs.flatMap((j) => (j.technician === null ? [] : [j.technician])));
  const known = new Set(all.map((t) => t.number));
  const shown: Lane[] = all
    .filter((t) => t.active || holding.has(t.number))
    .map(({ number, firstName, lastName, active }) => ({ number, firstName, lastName, active }));
  for (const number of holding)
    if (!known.has(number))
      shown.push({ number, firstName: 'Technician', lastName: String(number), active: false });
  return shown.sort((a, b) => a.number - b.number);
}

export const BoardInput = z.object({
  from: calendarDate,
  days: z.coerce
    .number()
    .int()
    .min(1, 'Days must be between 1 and 7.')
    .max(BOARD_MAX_DAYS, 'Days must be between 1 and 7.')
    .default(1),
});

export type BoardView = Board & { from: string; days: number; technicians: Lane[] };

/** `GET /api/admin/dispatch?from=&days=` (admin): the technicians' lanes and the jobs of those dates. */
export const board = fn(BoardInput, async ({ from, days }): Promise<BoardView> => {
  assertAdmin();
  const read = await boardOf(from, days);
  return { ...read, from, days, technicians: await lanes(read.jobs) };
});

export type TodayView = {
  date: string;
  technicians: Lane[];
  jobs: BoardJob[];
  moreUnassigned: boolean;
  pendingVerification: { items: Booking.Row[]; cursor: string | null };
  awaitingAcknowledgment: { items: WorkOrder.Awaiting[]; cursor: string | null };
  declinedCharges: { items: Billing.QueuedCharge[]; cursor: string | null };
  sendsGivenUp: { items: Outbox.GaveUp[]; cursor: string | null };
  /** Whether texts are on (decision 084): off, notices go by mail only, and Today says so. */
  texts: { on: boolean };
  /** Technicians' own calendar addresses whose last read failed (decision 119), until one succeeds. */
  busyCalendars: BusyCalendar.Failing[];
};

export const TodayInput = z.object({ date: calendarDate.optional() });

/**
 * `GET /api/admin/today` (admin): what happens today (or on `date`: the admin
 * may step to another day), and what waits on the shop.
 */
export const today = fn(TodayInput, (input) => todayView(input.date));

async function todayView(day: string | undefined, now = new Date()): Promise<TodayView> {
  assertAdmin();
  const date = day ?? time.today(now);
  const [read, pendingVerification, awaitingAcknowledgment, declinedCharges, sendsGivenUp, busyCalendars] =
    await Promise.all([
      boardOf(date, 1),
      awaitingVerification(date, TODAY_SECTION_LIMIT),
      WorkOrder.awaitingAcknowledgment({ limit: TODAY_SECTION_LIMIT }, now),
      Billing.listDeclined({ limit: TODAY_SECTION_LIMIT }),
      Outbox.gaveUp({ limit: TODAY_SECTION_LIMIT }),
      BusyCalendar.failing(),
    ]);
  return {
    date,
    technicians: await lanes(read.jobs),
    jobs: read.jobs,
    moreUnassigned: read.moreUnassigned,
    pendingVerification,
    awaitingAcknowledgment,
    declinedCharges,
    sendsGivenUp,
    texts: { on: Sms.textsOn() },
    busyCalendars,
  };
}
