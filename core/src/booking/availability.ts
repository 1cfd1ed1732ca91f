import { config } from '../config';
import { VisibleError } from '../error';
import { parseDurationMinutes } from '../service/duration';
import { Service } from '../service/index';
import * as time from '../time';
import { TimeSlot } from '../timeslot/index';
import { Crew } from './crew';
import { bookingMessages, DEFAULT_BOOKING_MINUTES } from './rules';
import { entity, type Stored } from './store';

// ---------------------------------------------------------------------------
// Availability

export type Availability = { times: string[]; system: 'timeslot' | 'legacy'; message: string };

export const durationOf = (service: Service.Info) => {
  const minutes = parseDurationMinutes(service.duration);
  return minutes && minutes > 0 ? minutes : DEFAULT_BOOKING_MINUTES;
};

/** The bookings from two days before `date` to the day after (a long job can run into the next day). */
function bookingsAround(date: string): Promise<Stored[]> {
  return entity.queryAll({
    index: 'byCollection',
    partition: 'BOOKING',
    sort: { between: [time.addDays(date, -2), `${time.addDays(date, 1)}~`] },
  });
}

/** The technicians' blocks that active bookings hold, by technician. */
function busyTechnicians(bookings: Stored[]): Map<number, Set<string>> {
  const busy = new Map<number, Set<string>>();
  for (const booking of bookings) {
    if (!booking.claim) continue;
    const set = busy.get(booking.claim.technician) ?? new Set<string>();
    for (const block of booking.claim.blocks) set.add(block);
    busy.set(booking.claim.technician, set);
  }
  return busy;
}

const NO_TIMES = 'No times are available on this date. Please choose another day.';

/**
 * The times a customer may book `service` on `date` (doc 1 §3, §7): its open,
 * unbooked slots (slot system) or its availableDays × availableTimes (legacy,
 * when it has no slot at all), never a time already past in the business
 * zone, a time of the service already booked, or a time at which no
 * technician is free for the whole job and the drive after it. The service,
 * the day's slots and the bookings around the day are read at once.
 */
export async function availability(serviceId: string, date: string, now = Date.now()): Promise<Availability> {
  return (await openTimes(serviceId, date, now)).availability;
}

/** Availability, with what it read: the service and the day's slots (booking needs both). */
export async function openTimes(serviceId: string, date: string, now = Date.now()) {
  if (!time.isCalendarDate(date)) {
    throw new VisibleError('invalid', 'Date must be a real date written yyyy-MM-dd.');
  }
  const past = date < time.today(now);
  const [service, slots, around] = await Promise.all([
    Service.fromId(serviceId),
    TimeSlot.onDate(serviceId, date),
    past ? Promise.resolve([]) : bookingsAround(date),
  ]);
  const system: Availability['system'] =
    slots.length > 0 || (await TimeSlot.serviceHasSlots(service._id)) ? 'timeslot' : 'legacy';
  if (past) return { service, slots, availability: { times: [], system, message: bookingMessages.pastDate } };
  const offered =
    system === 'timeslot'
      ? slots.filter((slot) => slot.isAvailable && !slot.isBooked).map((slot) => slot.time)
      : legacyTimes(service, date, around);
  const times = withFreeTechnician(service, date, offered, busyTechnicians(around), now);
  return { service, slots, availability: { times, system, message: times.length ? '' : NO_TIMES } };
}

/** A service without slots: its times on its days, less those already booked. */
function legacyTimes(service: Service.Info, date: string, around: Stored[]): string[] {
  const open = service.availableDays.length === 0 || service.availableDays.includes(time.weekdayOf(date));
  if (!open) return [];
  const taken = new Set(
    around
      .filter((b) => b.date === date && b.bookedKey === service._id && b.status !== 'Cancelled')
      .map((b) => b.time),
  );
  return service.availableTimes.filter((at) => !taken.has(at));
}

function withFreeTechnician(
  service: Service.Info,
  date: string,
  offered: string[],
  busy: Map<number, Set<string>>,
  now: number,
): string[] {
  const { crewSize, travelBufferMinutes } = config();
  const minutes = durationOf(service);
  return [...new Set(offered)]
    .sort()
    .filter((at) => Date.parse(time.instantOf(date, at)) > now)
    .filter(
      (at) =>
        Crew.freeTechnicians(Crew.occupancy(date, at, minutes, travelBufferMinutes).blocks, busy, crewSize)
          .length > 0,
    );
}
