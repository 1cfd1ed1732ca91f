import type * as z from 'zod';
import { assertAdmin } from '../actor';
import { VisibleError } from '../error';
import { Service } from '../service/index';
import * as time from '../time';
import { TimeSlot } from '../timeslot/index';
import { fn } from '../util/fn';
import { createId } from '../util/id';
import { placeBooking } from './address';
import { vehicleOf } from './vehicle';
import { claim } from './claim';
import { AdminCreateInput } from './input';
import { bookingMessages, deskMessages } from './rules';
import { currentBy } from './status';
import { CUSTOM_KEY, entity, type Info, type Stored, withService } from './store';

/**
 * `POST /api/bookings/admin-create` (admin): a booking the shop takes by
 * phone (doc 2 §4, §5). Status Pending Verification, made by the admin,
 * needing the customer's confirmation, with no account yet. Its time goes
 * through the same atomic claim as a customer's booking: the crew rule
 * always; a catalogue service's BOOKED guard and its free slot at that
 * time too. A custom booking has no BOOKED guard (it is no catalogue
 * service's time): only the technicians limit it. 409 on a clash.
 */
export const adminCreate = fn(AdminCreateInput, adminCreateNow);
async function adminCreateNow(input: z.output<typeof AdminCreateInput>): Promise<Info> {
  assertAdmin();
  if (input.date < time.today()) throw new VisibleError('invalid', bookingMessages.pastDate);
  if (Date.parse(time.instantOf(input.date, input.time)) <= Date.now()) {
    throw new VisibleError('invalid', deskMessages.timePassed);
  }
  const place = await placeBooking(input, input.customerId);
  const car = await vehicleOf(input.customerId, input);
  const service = input.mode === 'service' ? await Service.fromId(input.serviceId) : undefined;
  const slot =
    service &&
    (await TimeSlot.onDate(service._id, input.date)).find(
      (s) => s.time === input.time && s.isAvailable && !s.isBooked,
    );
  const now = new Date().toISOString();
  const by = await currentBy();
  const base: Omit<Stored, 'claim'> = {
    id: createId('booking'),
    serviceId: service?._id,
    serviceName: service ? service.name : input.mode === 'custom' ? input.customServiceName : '',
    priceCents: service ? service.priceCents : input.mode === 'custom' ? input.priceCents : 0,
    isCustomService: input.mode === 'custom',
    createdByAdmin: true,
    requiresCustomerVerification: true,
    status: 'Pending Verification',
    date: input.date,
    time: input.time,
    durationMinutes: input.duration,
    clientFirstName: input.clientFirstName,
    clientLastName: input.clientLastName,
    ...car,
    notes: input.notes,
    serviceStatus: '',
    ...place,
    slotId: slot ? slot.id : undefined,
    bookedKey: service ? service._id : CUSTOM_KEY,
    statusHistory: [{ from: null, to: 'Pending Verification', by, at: now }],
    createdAt: now,
    updatedAt: now,
  };
  const record = await claim(base, now, {
    write: (r) => entity.tx.put(r, { ifAbsent: true }),
    // Nobody to mail yet: the customer is assigned next.
    mails: () => [],
    taken: 'That service is already booked at that time. Please choose another time.',
    crewFull: 'All of our technicians are busy at that time. Please choose another time.',
  });
  return withService(record);
}
