import { assertAdmin } from '../actor';
import { Service } from '../service/index';
import * as time from '../time';
import { entity, upcoming } from './store';

export type SystemStats = {
  totalSlots: number;
  availableSlots: number;
  bookedSlots: number;
  servicesWithSlots: number;
};

/**
 * The admin's overview (doc 1 §2): slots from today on (past ones are
 * history, not capacity). Available means open and not booked.
 */
export async function systemStats(): Promise<SystemStats> {
  assertAdmin();
  const slots = await entity.queryAll({
    index: 'byCollection',
    partition: 'SLOT',
    sort: { between: [time.today(), '9999'] },
  });
  const services = new Set(slots.map((slot) => slot.serviceId));
  return {
    totalSlots: slots.length,
    availableSlots: slots.filter((slot) => slot.isAvailable && !slot.isBooked).length,
    bookedSlots: slots.filter((slot) => slot.isBooked).length,
    servicesWithSlots: services.size,
  };
}

export type Statistics = {
  totalSlots: number;
  availableSlots: number;
  bookedSlots: number;
  /** Booked as a percent of all, to one decimal. */
  utilizationRate: number;
};

/** The Time Slot Manager's statistics (doc 2 §3): slots from today on. */
export async function statistics(): Promise<Statistics> {
  const { totalSlots, availableSlots, bookedSlots } = await systemStats();
  const utilizationRate = totalSlots ? Math.round((bookedSlots / totalSlots) * 1000) / 10 : 0;
  return { totalSlots, availableSlots, bookedSlots, utilizationRate };
}

/** One service's slots from today on (doc 2 §3 per-service stats); 404 for an unknown service. */
export async function serviceStats(serviceId: string) {
  assertAdmin();
  await Service.fromId(serviceId);
  const slots = await upcoming(serviceId);
  return {
    total: slots.length,
    available: slots.filter((slot) => slot.isAvailable && !slot.isBooked).length,
    booked: slots.filter((slot) => slot.isBooked).length,
  };
}
