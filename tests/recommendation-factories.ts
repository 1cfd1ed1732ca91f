import { Garage, RecommendedWork } from '@app/core/garage/index';
import { transactWrite } from '@app/core/db/entity';
import { createId } from '@app/core/util/id';
import type { BookingReply } from '../functions/src/api/bookings';
import { nextDate, postBooking } from './booking-factories';
import { createService, createUserWithCard, json } from './factories';
import { createWorkOrder } from './workorder-factories';

type Line = { description: string; priceCents: number };
type Person = { _id: string; firstName: string; lastName: string; email: string };

/**
 * Recommended work as the estimate's approval leaves it (issue 33), without the approval's UI: a
 * garage vehicle of `customer`'s, a work order for their `booking` made through the API by
 * `admin`, and the declined lines written by `RecommendedWork.recommendationItems` in a transaction of
 * their own, as the approval writes them, at `at`. The browser tests use it on their own stack.
 */
export async function keepDeclined(
  admin: { headers: Record<string, string> },
  customer: Person,
  bookingId: string,
  options: { lines?: Line[]; at?: string } = {},
) {
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
  const workOrder = await createWorkOrder(admin, {
    relatedBooking: bookingId,
    customer: {
      name: `${customer.firstName} ${customer.lastName}`,
      email: customer.email,
      phone: '(610) 555-0199',
      address: { street: '12 Market St', city: 'West Chester', state: 'PA', zipCode: '19380' },
    },
  });
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
    RecommendedWork.recommendationItems(
      { id: workOrder._id, vehicleId: vehicle.id, userId: customer._id, customer: workOrder.customer },
      lines,
      options.at ?? now,
    ),
  );
  return { vehicle, workOrder, open: await RecommendedWork.openOfVehicle(vehicle.id) };
}

/** `keepDeclined` for a new customer with a card, who booked a service of its own (the API tests). */
export async function declinedWork(
  admin: { headers: Record<string, string> },
  options: {
    lines?: Line[];
    at?: string;
    customer?: Awaited<ReturnType<typeof createUserWithCard>>;
    lastName?: string;
  } = {},
) {
  const customer = options.customer ?? (await createUserWithCard({ lastName: options.lastName ?? 'Driver' }));
  const service = await createService({ availableDays: [], availableTimes: ['10:00'] });
  const created = await postBooking(customer, service._id, nextDate(), '10:00');
  const { booking } = await json<{ booking: BookingReply }>(created);
  const kept = await keepDeclined(admin, customer, booking._id, options);
  return { customer, service, booking, ...kept };
}
