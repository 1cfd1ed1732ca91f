import type { TransactItem } from '../db/entity';
import { completionDueItems } from '../garage/due';
import { Service } from '../service/index';
import type { Stored } from './store';

/**
 * The due item a first completion leaves on the booking's garage vehicle
 * (issue 34, decision 124), for the completion's own transaction: when its
 * service carries a due rule. A service gone since gives none.
 */
export async function completionDue(booking: Stored, now: string): Promise<TransactItem[]> {
  if (!booking.vehicleId || !booking.serviceId || booking.isCustomService) return [];
  const service = await Service.fromId(booking.serviceId).catch(() => undefined);
  return completionDueItems(booking, service?.due, new Date(now));
}
