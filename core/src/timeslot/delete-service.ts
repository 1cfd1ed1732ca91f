import { assertAdmin } from '../actor';
import { Service } from '../service/index';
import { fn } from '../util/fn';
import { TimeSlot } from './index';

/**
 * DELETE /api/services/{id} (doc 2 §7, issue 12): the service goes; its
 * bookings stay (they keep the service's name and price, and read
 * 'Service No Longer Available' where the live service is asked for); its
 * unbooked slots from today on are deleted, its booked ones closed. The
 * service goes first: from then on no booking can claim its slots
 * (availability and booking read the service), and no slot can be added
 * (slot writes check the service in their transaction).
 */
export const deleteService = fn(Service.id, async (serviceId) => {
  assertAdmin();
  const service = await Service.remove(serviceId);
  const slots = await TimeSlot.retireService(service._id);
  return { service, slots };
});
