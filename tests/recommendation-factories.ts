import { Garage } from '@app/core/garage/index';
import { transactWrite } from '@app/core/db/entity';
import { createId } from '@app/core/util/id';
import type { BookingReply } from '../functions/src/api/bookings';
import { nextDate, postBooking } from './booking-factories';
import { createService, createUserWithCard, json } from './factories';
import { createWorkOrder } from './workorder-factories';

/**
 * Recommended work as the estimate's approval leaves it (issue 33), without the approval's UI: a
 * customer with a card, a garage vehicle of theirs, a booking of a service and its work order made
 * through the API, and the declined lines written by `Garage.recommendationItems` in a transaction
 * of their own, as the approval writes them, at `at`.
 */
export async function declinedWork(
  admin: { headers: Record<string, string> },
  options: {
    lines?: { description: string; priceCents: number }[];
    at?: string;
    customer?: Awaited<ReturnType<typeof createUserWithCard>>;
    lastName?: string;
  } = {},
) {
  const customer = options.customer ?? (await createUserWithCard({ lastName: options.lastName ?? 'Driver' }));
  const now = new Date().toISOString();
  const vehicle: Garage.Vehicle = {
    id: createId('vehicle'),
    userId: customer._id,
    year: 2019,
    make: 'Honda',
    model: 'Civic',
    color: 'Blue',
    vin: '',
    plate: '',
    bodyClass: '',
    mileage: [],
    createdAt: now,
    updatedAt: now,
  };
  await Garage.vehicle.put(vehicle);
  const service = await createService({ availableDays: [], availableTimes: ['10:00'] });
  const created = await postBooking(customer, service._id, nextDate(), '10:00');
  const { booking } = await json<{ booking: BookingReply }>(created);
  const workOrder = await createWorkOrder(admin, {
    relatedBooking: booking._id,
    customer: {
      name: `${customer.firstName} ${customer.lastName}`,
      email: customer.email,
      phone: '(610) 555-0199',
      address: { street: '12 Market St', city: 'West Chester', state: 'PA', zipCode: '19380' },
    },
  });
  const at = options.at ?? now;
  const lines = (options.lines ?? [{ description: 'Replace cabin air filter', priceCents: 4_500 }]).map(
    (line, i) => ({
      ...line,
      lineId: `line-${i + 1}`,
      photoIds: [],
      note: '',
      decision: 'declined' as const,
    }),
  );
  await transactWrite(
    Garage.recommendationItems(
      { id: workOrder._id, vehicleId: vehicle.id, userId: customer._id, customer: workOrder.customer },
      lines,
      at,
    ),
  );
  const open = await Garage.openOfVehicle(vehicle.id);
  return { customer, vehicle, service, booking, workOrder, open };
}
