import { asSystem } from '@app/core/actor';
import { findBooking } from '@app/core/booking/store';
import { config } from '@app/core/config';
import { Garage } from '@app/core/garage/index';
import { entity as bookingEntity } from '@app/core/booking/store';
import { entity as workOrderEntity } from '@app/core/workorder/store';
import { garageSteps } from '@app/core/vehicle-history/migrate';
import { describe, expect, it } from 'vitest';
import { createWorkOrder } from '../../../tests/workorder-factories';
import { nextDate, postBooking, send } from '../../../tests/booking-factories';
import * as factories from '../../../tests/factories';
import type { BookingReply } from './bookings';
import type { HistoryReply, VehicleReply } from './vehicles';

/**
 * The garage (issue 34, decisions 117 and 121): a customer's vehicles with a limit, the VIN checked
 * and decoded through the vPIC stand-in, deleting that keeps the history, the booking's snapshot and
 * vehicle id, the history paged newest first, who may read it, and the migration step.
 */

type Who = { headers: Record<string, string> };
const { createService, createTechnician, createUser, createUserWithCard, json } = factories;
const TRUCK_VIN = '1FTEW1E56KFA12345';
const truck = { year: 2019, make: 'Ford', model: 'F-150', color: 'Red', vin: TRUCK_VIN, plate: 'abc123' };

const list = async (who: Who) =>
  json<VehicleReply[]>(await send('GET', '/api/users/me/vehicles', who.headers));
/** A service open every day at 09:00 (a date of its own each booking: nextDate). */
const openService = () => createService({ availableDays: [], availableTimes: ['09:00'] });
const add = (who: Who, body: unknown) => send('POST', '/api/users/me/vehicles', who.headers, body);
const history = async (who: Who, vehicleId: string, query = '') =>
  send('GET', `/api/users/me/vehicles/${vehicleId}/history${query}`, who.headers);

async function book(who: Who, serviceId: string, overrides: Record<string, unknown> = {}) {
  const response = await postBooking(who, serviceId, nextDate(), '09:00', overrides);
  expect(response.status).toBe(201);
  return (await json<{ booking: BookingReply }>(response)).booking;
}

describe('/api/users/me/vehicles', () => {
  it('decodes a VIN, adds, edits with a mileage reading, and deletes keeping the history', async () => {
    const customer = await createUser();
    const decoded = await send('GET', `/api/vehicles/decode/${TRUCK_VIN.toLowerCase()}`, customer.headers);
    expect(decoded.status).toBe(200);
    expect(await json(decoded)).toMatchObject({
      vin: TRUCK_VIN,
      make: 'Ford',
      model: 'F-150',
      year: 2019,
      bodyClass: 'Pickup',
      vehicleClass: 'truck',
    });
    // A valid VIN vPIC knows nothing of: its "no data" answer is 404; a bad check digit never reaches vPIC.
    const unknown = await send('GET', '/api/vehicles/decode/1HGCM82633A004352', customer.headers);
    expect(unknown.status).toBe(404);
    expect((await json<{ msg: string }>(unknown)).msg).toBe(Garage.decodeMessages.unknown);
    const badDigit = await send('GET', '/api/vehicles/decode/1FTEW1E57KFA12345', customer.headers);
    expect(badDigit.status).toBe(400);
    expect((await json<{ msg: string }>(badDigit)).msg).toBe(Garage.vinMessages.checkDigit);

    const asDecoded = { ...truck, vehicleClass: 'truck', bodyClass: 'Pickup' };
    const created = await add(customer, { ...asDecoded, miles: 41000 });
    expect(created.status).toBe(201);
    const vehicle = await json<VehicleReply>(created);
    expect(vehicle).toMatchObject({ ...truck, plate: 'ABC123', vehicleClass: 'truck', deleted: false });
    expect(vehicle._id).toMatch(/^veh_/);
    expect(vehicle.mileage).toEqual([{ miles: 41000, at: expect.any(String), source: 'customer' }]);
    expect(await list(customer)).toEqual([vehicle]);

    // Bad input: 400 with msg, nothing changed.
    for (const bad of [
      { ...truck, vin: 'IFTEW1E56KFA12345' },
      { ...truck, vin: '1FTEW1E57KFA12345' },
      { ...truck, make: '' },
      { ...truck, year: 1800 },
      { ...truck, vehicleClass: 'tank' },
      { ...truck, miles: -4 },
    ]) {
      const refused = await add(customer, bad);
      expect(refused.status).toBe(400);
      expect(await json(refused)).toEqual({ msg: expect.any(String) });
    }
    expect(await list(customer)).toHaveLength(1);

    const change = { ...asDecoded, color: 'Blue', miles: 42500 };
    const edited = await send('PUT', `/api/users/me/vehicles/${vehicle._id}`, customer.headers, change);
    expect(edited.status).toBe(200);
    const after = await json<VehicleReply>(edited);
    expect(after).toMatchObject({ color: 'Blue' });
    expect(after.mileage.map((m) => m.miles)).toEqual([42500, 41000]);
    const reading = await send('POST', `/api/users/me/vehicles/${vehicle._id}/mileage`, customer.headers, {
      miles: 40000,
      date: '2020-01-15',
    });
    expect(reading.status).toBe(201);
    // Newest first, by the date read.
    expect((await json<VehicleReply>(reading)).mileage.map((m) => m.miles)).toEqual([42500, 41000, 40000]);

    const deleted = await send('DELETE', `/api/users/me/vehicles/${vehicle._id}`, customer.headers);
    expect(deleted.status).toBe(200);
    expect(await json(deleted)).toEqual({ msg: Garage.garageMessages.deleted });
    expect(await list(customer)).toEqual([]);
    // The history stays readable; the deleted vehicle cannot be edited.
    const kept = await history(customer, vehicle._id);
    expect(kept.status).toBe(200);
    expect((await json<HistoryReply>(kept)).vehicle).toMatchObject({ _id: vehicle._id, deleted: true });
    const gone = await send('PUT', `/api/users/me/vehicles/${vehicle._id}`, customer.headers, truck);
    expect(gone.status).toBe(409);
  });

  it(`keeps at most the limit, also when adds arrive at once; a deleted one frees its place`, async () => {
    const limit = config().garageVehicleLimit;
    const customer = await createUser();
    const replies = await Promise.all(
      Array.from({ length: limit + 4 }, (_, i) => add(customer, { ...truck, vin: '', model: `Model ${i}` })),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(limit);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
    const kept = await list(customer);
    expect(kept).toHaveLength(limit);
    const over = await add(customer, truck);
    expect(await json(over)).toEqual({ msg: Garage.garageMessages.limit(limit) });
    await send('DELETE', `/api/users/me/vehicles/${kept[0]!._id}`, customer.headers);
    expect((await add(customer, truck)).status).toBe(201);
  });

  it("a customer never sees another's vehicle; staff keep none; the desk reads and adds a customer's", async () => {
    const admin = await createUser({ role: 'admin' });
    const [alice, bob] = await Promise.all([createUser(), createUser()]);
    const mine = await json<VehicleReply>(await add(alice, truck));
    for (const [method, path] of [
      ['PUT', `/api/users/me/vehicles/${mine._id}`],
      ['DELETE', `/api/users/me/vehicles/${mine._id}`],
      ['GET', `/api/users/me/vehicles/${mine._id}/history`],
      ['POST', `/api/users/me/vehicles/${mine._id}/mileage`],
    ] as const) {
      const body = method === 'POST' ? { miles: 5 } : method === 'PUT' ? truck : undefined;
      const refused = await send(method, path, bob.headers, body);
      expect(refused.status).toBe(404);
    }
    expect(await list(bob)).toEqual([]);
    expect((await send('GET', '/api/users/me/vehicles', admin.headers)).status).toBe(403);
    const desk = await send('GET', `/api/admin/users/${alice._id}/vehicles`, admin.headers);
    expect(await json(desk)).toEqual([mine]);
    const added = await send('POST', `/api/admin/users/${alice._id}/vehicles`, admin.headers, {
      ...truck,
      vin: '',
      model: 'Ranger',
    });
    expect(added.status).toBe(201);
    expect(await json<VehicleReply>(added)).toMatchObject({ model: 'Ranger' });
    expect((await send('GET', `/api/admin/users/${alice._id}/vehicles`, bob.headers)).status).toBe(403);
  });
});

describe('the booking keeps a snapshot of its garage vehicle', () => {
  it('picked by id, matched by make, model and year, or saved when typed; edits later change no booking', async () => {
    const service = await openService();
    const customer = await createUserWithCard();
    const car = await json<VehicleReply>(await add(customer, truck));

    // Picked: the garage vehicle's fields are the snapshot, whatever was typed beside it.
    const picked = await book(customer, service._id, { vehicleId: car._id });
    expect(picked).toMatchObject({ vehicleMake: 'Ford', vehicleModel: 'F-150', vehicleYear: 2019 });
    expect((await findBooking(picked._id)).vehicleId).toBe(car._id);

    // Typed as in the garage (case aside): the same vehicle; typed anew: saved into the garage.
    const matched = await book(customer, service._id, {
      vehicleMake: 'FORD',
      vehicleModel: 'f-150',
      vehicleYear: 2019,
    });
    expect((await findBooking(matched._id)).vehicleId).toBe(car._id);
    const typed = await book(customer, service._id);
    const saved = (await list(customer)).find((v) => v.model === 'Civic');
    expect(saved).toMatchObject({ year: 2019, make: 'Honda', color: 'Blue' });
    expect((await findBooking(typed._id)).vehicleId).toBe(saved!._id);

    // Another's vehicle id: 404, no booking.
    const other = await createUserWithCard();
    const refused = await postBooking(other, service._id, nextDate(), '09:00', { vehicleId: car._id });
    expect(refused.status).toBe(404);

    // Editing the garage vehicle leaves the booking's snapshot as it was.
    await send('PUT', `/api/users/me/vehicles/${car._id}`, customer.headers, { ...truck, model: 'F-250' });
    expect((await findBooking(picked._id)).vehicleModel).toBe('F-150');
  });

  it('a work order for the booking names its vehicle and takes its VIN and plate; the history pages newest first', async () => {
    const service = await openService();
    const [customer, admin] = await Promise.all([createUserWithCard(), createUser({ role: 'admin' })]);
    const car = await json<VehicleReply>(await add(customer, truck));
    const bookings = [];
    for (let i = 0; i < 3; i += 1) bookings.push(await book(customer, service._id, { vehicleId: car._id }));
    const wo = await createWorkOrder(admin, {
      relatedBooking: bookings[0]!._id,
      vehicle: { year: 2019, make: 'Ford', model: 'F-150', vin: '', licensePlate: '' },
    });
    const stored = await workOrderEntity.get({ id: wo._id });
    expect(stored).toMatchObject({ vehicleId: car._id, vehicle: { vin: TRUCK_VIN, licensePlate: 'ABC123' } });

    const first = await history(customer, car._id, '?limit=2');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const page1 = await json<HistoryReply>(first);
    expect(page1.entries).toHaveLength(2);
    expect(page1.cursor).toEqual(expect.any(String));
    const page2 = await json<HistoryReply>(
      await history(customer, car._id, `?limit=2&cursor=${encodeURIComponent(page1.cursor!)}`),
    );
    const all = [...page1.entries, ...page2.entries];
    expect(page2.cursor).toBeNull();
    expect(all.map((e) => e.kind).sort()).toEqual(['booking', 'booking', 'booking', 'workOrder']);
    const ats = all.map((e) => e.at);
    expect(ats).toEqual([...ats].sort().reverse());
    // The desk reads the same history.
    const desk = await json<HistoryReply>(
      await send('GET', `/api/admin/users/${customer._id}/vehicles/${car._id}/history`, admin.headers),
    );
    expect(desk.entries.length).toBeGreaterThan(0);
  });

  it("the job's technician reads its vehicle's history from /tech; another technician is refused", async () => {
    const service = await openService();
    const customer = await createUserWithCard();
    const tech1 = await createTechnician({}, { number: 1 });
    const car = await json<VehicleReply>(await add(customer, truck));
    const job = await book(customer, service._id, { vehicleId: car._id });
    const holder = (await findBooking(job._id)).claim?.technician;
    const mine = holder === 1 ? tech1 : await createTechnician({}, { number: holder });
    const other = await createTechnician();
    const seen = await send('GET', `/api/tech/jobs/${job._id}/history`, mine.headers);
    expect(seen.status).toBe(200);
    const reply = await json<HistoryReply>(seen);
    expect(reply.vehicle).toMatchObject({ _id: car._id, vin: TRUCK_VIN });
    expect(reply.entries.map((e) => e.id)).toContain(job._id);
    expect((await send('GET', `/api/tech/jobs/${job._id}/history`, other.headers)).status).toBe(403);
    expect((await send('GET', `/api/tech/jobs/${job._id}/history`, customer.headers)).status).toBe(403);
  });
});

describe('the migration step', () => {
  it('matches older bookings and their work orders to garage vehicles, once', async () => {
    const service = await openService();
    const [customer, admin] = await Promise.all([createUserWithCard(), createUser({ role: 'admin' })]);
    const job = await book(customer, service._id);
    const wo = await createWorkOrder(admin, { relatedBooking: job._id });
    // As an earlier release wrote them: no vehicle named, no history entry, no garage.
    await bookingEntity.patch(
      { id: job._id },
      { remove: ['vehicleId'], index: { byVehicle: null }, keepRev: true },
    );
    await workOrderEntity.patch(
      { id: wo._id },
      { remove: ['vehicleId'], index: { byVehicle: null }, keepRev: true },
    );
    const garage = await list(customer);
    for (const v of garage) await send('DELETE', `/api/users/me/vehicles/${v._id}`, customer.headers);

    const run = () =>
      asSystem('test', async () => {
        let changed = 0;
        for (const step of garageSteps) {
          let cursor: string | null = null;
          do {
            const page = await step.page(cursor, 100);
            changed += page.changed;
            cursor = page.cursor;
          } while (cursor);
        }
        return changed;
      });
    expect(await run()).toBe(2);
    const [vehicle] = await list(customer);
    expect(vehicle).toMatchObject({ year: 2019, make: 'Honda', model: 'Civic' });
    expect((await findBooking(job._id)).vehicleId).toBe(vehicle!._id);
    expect((await workOrderEntity.get({ id: wo._id }))?.vehicleId).toBe(vehicle!._id);
    const entries = (await json<HistoryReply>(await history(customer, vehicle!._id))).entries;
    expect(entries.map((e) => e.id).sort()).toEqual([job._id, wo._id].sort());
    // Again: nothing more.
    expect(await run()).toBe(0);
    expect(await list(customer)).toHaveLength(1);
  });
});
