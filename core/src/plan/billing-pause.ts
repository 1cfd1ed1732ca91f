import { changeStatus, currentBy } from '../booking/status';
import { entity as bookings } from '../booking/store';
import { type Enrolment, planVisit } from './store';

/**
 * Pausing a past-due plan's visits (issue 35, decision 132): its visits from `from` on (its
 * `planVisit`s by date: a bounded read, the placement horizon) that are still Pending or Confirmed
 * are cancelled as any booking is (the time given back, the customer's notice). A past-due enrolment
 * is not active, so no new visit is placed meanwhile. Minimal: h-plans' pause is the one to call
 * once it is on main (it moves the counters itself; here the caller has moved them to past due).
 */

/** The most visits one enrolment has placed ahead (the horizon holds far fewer). */
export const MAX_VISITS_AHEAD = 100;

export async function pauseVisits(enrolment: Pick<Enrolment, 'id'>, from: string): Promise<number> {
  const page = await planVisit.query.ofEnrolment(
    { enrolmentId: enrolment.id },
    { range: { from: { date: from } }, limit: MAX_VISITS_AHEAD },
  );
  const by = await currentBy();
  let cancelled = 0;
  for (const visit of page.items) {
    const booking = await bookings.get({ id: visit.bookingId }, { consistent: true });
    if (!booking || (booking.status !== 'Pending' && booking.status !== 'Confirmed')) continue;
    await changeStatus(booking, 'Cancelled', by);
    cancelled += 1;
  }
  return cancelled;
}
