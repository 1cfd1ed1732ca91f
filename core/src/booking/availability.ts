import { config } from '../config';
import { VisibleError } from '../error';
import { parseDurationMinutes } from '../service/duration';
import { Service } from '../service/index';
import * as time from '../time';
import { TimeSlot } from '../timeslot/index';
import { Crew } from './crew';
import { bookingMessages, DEFAULT_BOOKING_MINUTES } from './rules';
import { booked } from './store';

// ---------------------------------------------------------------------------
// Availability

export type Availability = { times: string[]; system: 'timeslot' | 'legacy'; message: string };

export const durationOf = (service: Service.Info) => {
  const minutes = parseDurationMinutes(service.duration);
  return minutes && minutes > 0 ? minutes : DEFAULT_BOOKING_MINUTES;
};

const NO_TIMES = 'No times are available on this date. Please choose another day.';

/**
 * The times a customer may book `service` on `date` (doc 1 §3, §7): its open,
 * unbooked slots (slot system) or its availableDays × availableTimes (legacy,
 * when it has no slot at all), never a time already past in the business
 * zone, a time of the service already booked, or a time at which no
 * technician is free for the whole job and the drive after it. It reads the
 * service, the day's slots, then the BOOKED guards of a legacy service's
 * times and the technicians' claims on the day (decision 050), never bookings.
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
  const [service, slots] = await Promise.all([Service.fromId(serviceId), TimeSlot.onDate(serviceId, date)]);
  const system: Availability['system'] =
    slots.length > 0 || (await TimeSlot.serviceHasSlots(service._id)) ? 'timeslot' : 'legacy';
  if (past) return { service, slots, availability: { times: [], system, message: bookingMessages.pastDate } };
  const offered =
    system === 'timeslot'
      ? slots.filter((slot) => slot.isAvailable && !slot.isBooked).map((slot) => slot.time)
      : await legacyTimes(service, date);
  const times = await withFreeTechnician(service, date, offered, now);
  return { service, slots, availability: { times, system, message: times.length ? '' : NO_TIMES } };
}

/** A service without slots: its times on its days, less those whose BOOKED guard exists (one batch read). */
async function legacyTimes(service: Service.Info, date: string): Promise<string[]> {
  const open = service.availableDays.length === 0 || service.availableDays.includes(time.weekdayOf(date));
  if (!open) return [];
  const guards = await booked.getMany(
    service.availableTimes.map((at) => ({ key: service._id, date, time: at })),
  );
  const taken = new Set(guards.map((guard) => guard.time));
  return service.availableTimes.filter((at) => !taken.has(at));
}

/**
 * The offered times, not yet past, at which a technician is free for the
 * whole job and the drive after it: the claims on the blocks those jobs
 * would take are read once, by day (Crew.busy), not the bookings.
 */
async function withFreeTechnician(
  service: Service.Info,
  date: string,
  offered: string[],
  now: number,
): Promise<string[]> {
  const { crewSize, travelBufferMinutes } = config();
  const minutes = durationOf(service);
  const candidates = [...new Set(offered)]
    .sort()
    .filter((at) => Date.parse(time.instantOf(date, at)) > now)
    .map((at) => ({ at, blocks: Crew.occupancy(date, at, minutes, travelBufferMinutes).blocks }));
  const busy = await Crew.busy(candidates.flatMap((c) => c.blocks));
  return candidates.filter((c) => Crew.freeTechnicians(c.blocks, busy, crewSize).length > 0).map((c) => c.at);
}
