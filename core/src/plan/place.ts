import { SavedAddress } from '../address/index';
import { createFor } from '../booking/customer';
import { Booking } from '../booking/index';
import { config } from '../config';
import { failedConditions, type TransactItem, transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import { Garage } from '../garage/index';
import { Notify } from '../notify/index';
import * as time from '../time';
import { User } from '../user/index';
import { needsTimeMail } from './mail';
import { occurrences } from './recurrence';
import { type Enrolment, planVisit, putEnrolment } from './store';

/**
 * Placing a plan's visits (issue 35, decision 131): each occurrence within the horizon is a
 * booking of the plan's service at the enrolment's address and time of day, claimed on its own
 * through the booking's one check and claim (`createFor`: the time offered there, drive time,
 * technician hours, the day's version, the BOOKED guard), never several at once (cal.com #15997).
 * An occurrence that cannot be placed is never double-booked: it is kept as needing a time.
 */

/** The placement's next turn after a run: weekly, so the horizon moves a week at a time. */
export const PLACE_EVERY_DAYS = 7;

/** The most visits one enrolment has within a horizon (a year of twice-weekly visits; a bounded read). */
const VISITS_READ = 120;

/** What each of the enrolment's visits costs as a booking: the plan's visit price, or none on a monthly fee. */
const visitCents = (e: Enrolment) => (e.agreed.price.kind === 'per-visit' ? e.agreed.price.visitCents : 0);

/**
 * One visit of `e` on `date` at `at` (the enrolment's time of day unless given), placed as a
 * booking of `account`'s; `items` are written in its claim (the visit's record always). A 409/400/403
 * `VisibleError` when it cannot be placed, nothing written.
 */
export async function placeVisit(
  account: User.Account,
  e: Enrolment,
  date: string,
  options: { at?: string; items?: (booking: Booking.Stored) => TransactItem[] } = {},
): Promise<Booking.Info> {
  const car = await Garage.findOf(e.userId, e.vehicleId);
  const input = Booking.CreateInput.parse({
    clientFirstName: account.firstName,
    clientLastName: account.lastName,
    vehicleMake: car.make,
    vehicleModel: car.model,
    vehicleYear: car.year,
    vehicleColor: car.color || 'Not given',
    vehicleId: e.vehicleId,
    ...(car.vehicleClass ? { vehicleClass: car.vehicleClass } : {}),
    addressId: e.addressId,
    serviceId: e.agreed.serviceId,
    date,
    time: options.at ?? e.agreed.time,
    notes: `Service plan: ${e.agreed.name}`,
  });
  return createFor(account, input, {
    enrolmentId: e.id,
    priceCents: visitCents(e),
    items: (r) => [
      planVisit.tx.put(
        { enrolmentId: e.id, date, bookingId: r.id, createdAt: r.createdAt },
        { ifAbsent: true },
      ),
      ...(options.items?.(r) ?? []),
    ],
  });
}

/** The enrolment's visit records between two dates (inclusive), oldest first: one bounded page. */
export async function visitsOf(enrolmentId: string, from: string, through: string) {
  const page = await planVisit.query.ofEnrolment(
    { enrolmentId },
    { range: { between: [{ date: from }, { date: through }] }, limit: VISITS_READ },
  );
  return page.items;
}

/** The horizon's last date at `now`. */
export const horizonOf = (now: Date) => time.addDays(time.today(now), config().planHorizonDays);

/**
 * Places `e`'s occurrences after `placedThrough` (from today) up to the horizon, each on its own;
 * those already placed (a visit record on that date) or waiting for a time are left alone, so two
 * placements of the same dates place each once. What the enrolment is to become: `placedThrough`
 * moved to the horizon, the next turn a week on, the dates that could not be placed added to
 * `needsTime`; the caller writes it (on condition of the revision it read).
 */
export async function placeAhead(
  e: Enrolment,
  now: Date,
): Promise<{ next: Enrolment; placed: number; missing: string[] }> {
  const today = time.today(now);
  const through = horizonOf(now);
  const after = e.placedThrough ? time.addDays(e.placedThrough, 1) : e.startDate;
  const from = after > today ? after : today;
  const dates =
    from <= through
      ? occurrences(e.agreed.recurrence, e.startDate, { from, through, skipped: e.skipped })
      : [];
  const waiting = new Set(e.needsTime ?? []);
  const have = new Set(dates.length ? (await visitsOf(e.id, from, through)).map((v) => v.date) : []);
  const todo = dates.filter((d) => !have.has(d) && !waiting.has(d));
  const account = todo.length ? await User.find(e.userId) : undefined;
  const missing: string[] = [];
  let placed = 0;
  for (const date of todo) {
    try {
      if (!account) throw new VisibleError('not_found', 'No such customer.');
      await placeVisit(account, e, date);
      placed += 1;
    } catch (error) {
      if (!(error instanceof VisibleError)) throw error;
      missing.push(date);
    }
  }
  const nowIso = now.toISOString();
  const next: Enrolment = {
    ...e,
    placedThrough: through,
    placeAt: time.addDaysToInstant(now, PLACE_EVERY_DAYS),
    needsTime: [...waiting, ...missing].sort(),
    updatedAt: nowIso,
  };
  return { next, placed, missing };
}

/** How many nearest free times a visit that needs one is offered. */
export const NEAREST_TIMES = 3;
/** Days either side of a visit's date looked at for its nearest free times. */
const NEAR_DAYS = [0, 1, -1, 2, -2, 3, -3];

/**
 * The nearest free times for `e`'s visit on `date` at its address (the booking's own availability
 * read, the same times the booking page offers): on that day, then the days either side, from today.
 */
export async function nearestTimes(e: Enrolment, date: string, now = Date.now()) {
  const address = await SavedAddress.findOf(e.userId, e.addressId).catch(() => undefined);
  const place = address?.location ? { lat: address.location.lat, lng: address.location.lng } : null;
  const today = time.today(now);
  const out: { date: string; time: string }[] = [];
  for (const offset of NEAR_DAYS) {
    const day = time.addDays(date, offset);
    if (day < today) continue;
    const open = await Booking.availability(e.agreed.serviceId, day, now, place).catch(() => undefined);
    const times = open?.times ?? [];
    const nearest = [...times].sort(
      (a, b) => Math.abs(clock(a) - clock(e.agreed.time)) - Math.abs(clock(b) - clock(e.agreed.time)),
    );
    for (const t of nearest) {
      if (out.length >= NEAREST_TIMES) return out;
      out.push({ date: day, time: t });
    }
  }
  return out;
}

const clock = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Places `e`'s visits ahead from `now` and writes what it became, on condition of the revision read,
 * with a notice to the customer of any visit that needs a time (in the same transaction). A change
 * meanwhile: nothing written, the enrolment as read (the job's next run places again).
 */
export async function placeAndWrite(e: Enrolment, now: Date): Promise<Enrolment> {
  const { next, missing } = await placeAhead(e, now);
  const account = missing.length ? await User.find(e.userId) : undefined;
  const notice = account
    ? await Notify.prepare({
        kind: 'reschedule',
        userId: e.userId,
        mail: await needsTimeMail(account.email, e, missing),
      })
    : [];
  try {
    await transactWrite([putEnrolment(next, e), ...notice.map((p) => p.item)]);
  } catch (error) {
    if (failedConditions(error) === null) throw error;
    return e;
  }
  await Notify.deliver(notice);
  return { ...next, rev: (e.rev ?? 0) + 1 };
}
