import type { KeyReader } from '../db/entity';
import { KeyBatch } from '../db/key-batch';
import { DISPLAY_TTL_MS, recentReads } from '../db/recent';
import { VisibleError } from '../error';
import { dateProblem } from '../rules/fields';
import { parseDurationMinutes } from '../service/duration';
import { Service } from '../service/index';
import * as time from '../time';
import { TimeSlot } from '../timeslot/index';
import type { Point } from '../geo/model';
import { Crew } from '../crew/crew';
import { firstFitting } from '../crew/route';
import { bookingMessages, DEFAULT_BOOKING_MINUTES } from './rules';
import { booked } from './store';
import { placeOf, type Where } from './where';

// ---------------------------------------------------------------------------
// Availability

export type Availability = { times: string[]; system: 'timeslot' | 'legacy'; message: string };

export const durationOf = (service: Service.Info) => {
  const minutes = parseDurationMinutes(service.duration);
  return minutes && minutes > 0 ? minutes : DEFAULT_BOOKING_MINUTES;
};

const NO_TIMES = 'No times are available on this date. Please choose another day.';

/** Where availability is asked for: a place (a saved address's or a ZIP's coordinates), or the base. */
export type Place = Point | null;

/**
 * The times a customer may book `service` on `date` (doc 1 §3, §7): its open,
 * unbooked slots (slot system) or its availableDays × availableTimes (legacy,
 * when it has no slot at all), never a time already past in the business
 * zone, a time of the service already booked, or a time at which no
 * technician can take the job at `place` (null: the base) on their day's
 * route (decision 066). It reads the service, the day's slots, then the
 * BOOKED guards of a legacy service's times and the crew's days (one batch
 * read), and asks for one drive-time matrix; never bookings.
 */
export async function availability(
  serviceId: string,
  date: string,
  now = Date.now(),
  place: Place = null,
  choice: Choice = {},
): Promise<Availability> {
  return (await openTimes(serviceId, date, { now, place, choice })).availability;
}

/** The vehicle class and add-ons the job is for (issue 34): they set its length, so the times that fit. */
export type Choice = Parameters<typeof Service.quoteFor>[2];

/**
 * `GET /api/services/{id}/availability?addressId=…|zipCode=…`: availability
 * at a saved address or a ZIP code (where.ts), or from the base without
 * either. Outside the service area no time is offered, and the message says
 * why (Geo.messages.outside).
 */
export async function availabilityAt(
  serviceId: string,
  date: string,
  where: Where,
  now = Date.now(),
  choice: Choice = {},
): Promise<Availability> {
  // The place and the day are read at once (decision 112): the service, its slots and the crew's
  // days do not wait for the address; a refused place still answers first. What is known by key
  // (the saved address, the crew's days, the BOOKED guards) is read in one batch, and the shop's
  // set-up (the service, whether it runs on slots, the technicians) comes from the display's memory.
  const batch = new KeyBatch();
  const placed = placeOf(where, batch);
  placed.catch(() => undefined); // awaited first below
  const point = placed.then((p) => p.place);
  point.catch(() => undefined); // its refusal is placed's, answered below
  const opened = openTimes(serviceId, date, { now, place: point, display: batch, choice });
  opened.catch(() => undefined); // awaited after the place
  const { outside } = await placed;
  const open = (await opened).availability;
  return outside ? { ...open, times: [], message: outside } : open;
}

/**
 * The service and whether it runs on slots, as the display may read them: a
 * few seconds old at most (db/recent.ts). A claim reads both again.
 */
const recentSetUp = recentReads<{ service: Service.Info; slotted: boolean }>(DISPLAY_TTL_MS);

/** The service, its slots on `date` and its system: read now, or (`display`) the set-up from memory. */
async function setUpOf(serviceId: string, date: string, display: KeyReader | undefined) {
  if (!display) {
    const [service, slots] = await Promise.all([Service.fromId(serviceId), TimeSlot.onDate(serviceId, date)]);
    const slotted = slots.length > 0 || (await TimeSlot.serviceHasSlots(service._id));
    return { service, slots, slotted };
  }
  const { service, slotted } = await recentSetUp(serviceId, async () => {
    const [service, slotted] = await Promise.all([
      Service.fromId(serviceId),
      TimeSlot.serviceHasSlots(serviceId),
    ]);
    return { service, slotted };
  });
  // A service that never had a slot has none on this date either.
  return { service, slots: slotted ? await TimeSlot.onDate(serviceId, date) : [], slotted };
}

/**
 * Availability, with what it read: the service and the day's slots (booking
 * needs both). `place` (a point, or null for the base) is where the job
 * would be: the times are those a technician's route takes there. With `at`
 * (booking: `Booking.create`, the one check at the place, decision 112) only
 * that time is asked for, and the route is not decided here but by the
 * claim, on the crew's days and drive rules read here at the same place
 * (`read`, handed to claim.ts), so the booking asks the page's question once.
 * `moving`: the booking being rescheduled, whose own job on the day is left
 * out of the route check (it moves; reschedule.ts). `display` (only the
 * times shown, availabilityAt; never a booking's or a move's check): the
 * set-up and the technicians from the display's short memory, what is
 * known by key read in that one batch.
 */
export async function openTimes(
  serviceId: string,
  date: string,
  {
    now = Date.now(),
    place,
    moving = '',
    at,
    display,
    choice,
    minutes,
  }: {
    now?: number;
    place?: Place | Promise<Place>;
    moving?: string;
    at?: string;
    display?: KeyReader;
    /** The class and add-ons (issue 34): the job's price and length (`quote`); none: the service's own. */
    choice?: Choice;
    /** The job's length when it is known already: a booked job that moves keeps its own (reschedule). */
    minutes?: number;
  },
) {
  const dateTrouble = dateProblem(date, time.today(now));
  if (dateTrouble) throw new VisibleError('invalid', dateTrouble);
  const past = date < time.today(now);
  // The technicians' days are read beside the service and its slots (one round trip less).
  const daysRead =
    place === undefined || past
      ? undefined
      : Crew.days(date, display ? { recent: true, batch: display } : {});
  daysRead?.catch(() => undefined); // awaited below; an early return must not leave it unhandled
  const { service, slots, slotted } = await setUpOf(serviceId, date, display);
  const quote = await Service.quoteFor(service, durationOf(service), choice);
  const system: Availability['system'] = slotted ? 'timeslot' : 'legacy';
  if (past) {
    return { service, slots, quote, availability: { times: [], system, message: bookingMessages.pastDate } };
  }
  const offered =
    system === 'timeslot'
      ? slots.filter((slot) => slot.isAvailable && !slot.isBooked).map((slot) => slot.time)
      : await legacyTimes(service, date, display);
  const ahead = [...new Set(offered)]
    .filter((t) => (at === undefined || t === at) && Date.parse(time.instantOf(date, t)) > now)
    .sort();
  if (place === undefined || !daysRead) {
    return {
      service,
      slots,
      quote,
      availability: { times: ahead, system, message: ahead.length ? '' : NO_TIMES },
    };
  }
  const [days, point] = await Promise.all([daysRead, place]);
  const rules = await Crew.rules(days, [point]);
  const read: Crew.Read = { days, rules };
  const times =
    at === undefined ? reachable(minutes ?? quote.minutes, date, ahead, point, read, moving) : ahead;
  return {
    service,
    slots,
    read,
    quote,
    availability: { times, system, message: times.length ? '' : NO_TIMES },
  };
}

/** A service without slots: its times on its days, less those whose BOOKED guard exists (one batch read). */
async function legacyTimes(service: Service.Info, date: string, batch?: KeyReader): Promise<string[]> {
  const open = service.availableDays.length === 0 || service.availableDays.includes(time.weekdayOf(date));
  if (!open) return [];
  const guards = await booked.getMany(
    service.availableTimes.map((at) => ({ key: service._id, date, time: at })),
    { batch },
  );
  const taken = new Set(guards.map((guard) => guard.time));
  return service.availableTimes.filter((at) => !taken.has(at));
}

/**
 * The offered times at which some technician working that date takes the
 * job at `place` on their day: reached from the previous job (or the base)
 * by its start, leaving time to reach the next, within their own working
 * hours (route.ts, Technician.crewOn).
 */
function reachable(
  minutes: number,
  date: string,
  offered: string[],
  place: Place,
  { days, rules }: Crew.Read,
  moving: string,
): string[] {
  const routes = Crew.routes(days);
  const crew = Crew.shifts(days);
  return offered.filter((at) => {
    const start = Date.parse(time.instantOf(date, at));
    const job = { id: moving, start, end: start + minutes * 60_000, at: place };
    return firstFitting(routes, job, crew, rules) !== null;
  });
}
