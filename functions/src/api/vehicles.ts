import { Garage } from '@app/core/garage/index';
import { toDollars } from '@app/core/money';
import { idSchema } from '@app/core/util/id';
import { VehicleHistory } from '@app/core/vehicle-history/index';
import { zValidator } from '@hono/zod-validator';
import { type Context, Hono } from 'hono';
import * as z from 'zod';
import { requireStaff, requireUser } from './auth';
import { invalidInput } from './validation';

/** A garage vehicle on the wire (issue 34): its id as `_id`, no class as null, deleted or not. */
export type VehicleReply = Omit<Garage.GarageVehicle, 'id' | 'userId' | 'vehicleClass' | 'deletedAt'> & {
  _id: string;
  vehicleClass: Garage.VehicleClass | null;
  deleted: boolean;
};

export const vehicleReply = (v: Garage.GarageVehicle): VehicleReply => ({
  _id: v.id,
  year: v.year,
  make: v.make,
  model: v.model,
  color: v.color,
  vin: v.vin,
  plate: v.plate,
  vehicleClass: v.vehicleClass ?? null,
  bodyClass: v.bodyClass,
  mileage: v.mileage,
  deleted: !!v.deletedAt,
  createdAt: v.createdAt,
  updatedAt: v.updatedAt,
});

/** One history line on the wire: money in dollars, as all money on the wire. */
export type HistoryEntryReply =
  | Exclude<VehicleHistory.Entry, { kind: 'workOrder' | 'recommendation' }>
  | (Omit<Extract<VehicleHistory.Entry, { kind: 'workOrder' }>, 'totalCents'> & { total: number })
  | (Omit<Extract<VehicleHistory.Entry, { kind: 'recommendation' }>, 'priceCents'> & { price: number });

/** A vehicle's history page; the vehicle as a garage vehicle, or (a job for no garage vehicle) its snapshot. */
export type HistoryReply = {
  vehicle: (Omit<Garage.VehicleSnapshot, 'vehicleId'> & { _id: string | null }) | VehicleReply;
  entries: HistoryEntryReply[];
  cursor: string | null;
};

function entryReply(entry: VehicleHistory.Entry): HistoryEntryReply {
  if (entry.kind === 'workOrder') {
    const { totalCents, ...rest } = entry;
    return { ...rest, total: toDollars(totalCents) };
  }
  if (entry.kind === 'recommendation') {
    const { priceCents, ...rest } = entry;
    return { ...rest, price: toDollars(priceCents) };
  }
  return entry;
}

function historyReply(c: Context, page: VehicleHistory.HistoryPage) {
  c.header('Cache-Control', 'no-store');
  const { vehicle } = page;
  let shown: HistoryReply['vehicle'];
  if ('id' in vehicle) shown = vehicleReply(vehicle);
  else {
    const { vehicleId, ...snapshot } = vehicle;
    shown = { ...snapshot, _id: vehicleId ?? null };
  }
  const reply: HistoryReply = {
    vehicle: shown,
    entries: page.entries.map(entryReply),
    cursor: page.cursor,
  };
  return c.json(reply);
}

const byId = zValidator('param', z.object({ id: Garage.vehicleId }), invalidInput);
const body = zValidator('json', Garage.VehicleInput, invalidInput);
const mileage = zValidator('json', Garage.MileageInput, invalidInput);
const pageQuery = zValidator('query', VehicleHistory.HistoryPageInput, invalidInput);

/** /api/users/me/vehicles: the signed-in customer's garage (staff keep none: 403). */
export const vehicles = new Hono()
  .get('/', requireUser, async (c) => c.json((await Garage.listMine()).map(vehicleReply)))
  .post('/', requireUser, body, async (c) =>
    c.json(vehicleReply(await Garage.addMine(c.req.valid('json'))), 201),
  )
  .put('/:id', requireUser, byId, body, async (c) =>
    c.json(vehicleReply(await Garage.editMine(c.req.valid('param').id, c.req.valid('json')))),
  )
  .delete('/:id', requireUser, byId, async (c) => {
    await Garage.removeMine(c.req.valid('param').id);
    return c.json({ msg: Garage.garageMessages.deleted });
  })
  .post('/:id/mileage', requireUser, byId, mileage, async (c) =>
    c.json(vehicleReply(await Garage.addMileageMine(c.req.valid('param').id, c.req.valid('json'))), 201),
  )
  .get('/:id/history', requireUser, byId, pageQuery, async (c) =>
    historyReply(c, await VehicleHistory.historyMine(c.req.valid('param').id, c.req.valid('query'))),
  );

const customer = zValidator('param', z.object({ id: idSchema('user', 'customer') }), invalidInput);
const customerVehicle = zValidator(
  'param',
  z.object({ id: idSchema('user', 'customer'), vehicleId: Garage.vehicleId }),
  invalidInput,
);

/** /api/admin/users/{id}/vehicles (admin, behind requireAdmin): a customer's garage, for the custom booking. */
export const customerVehicles = new Hono()
  .get('/', customer, async (c) => c.json((await Garage.listFor(c.req.valid('param').id)).map(vehicleReply)))
  .post('/', customer, body, async (c) =>
    c.json(vehicleReply(await Garage.addFor(c.req.valid('param').id, c.req.valid('json'))), 201),
  )
  .put('/:vehicleId', customerVehicle, body, async (c) => {
    const { id, vehicleId } = c.req.valid('param');
    return c.json(vehicleReply(await Garage.editFor(id, vehicleId, c.req.valid('json'))));
  })
  .delete('/:vehicleId', customerVehicle, async (c) => {
    const { id, vehicleId } = c.req.valid('param');
    await Garage.removeFor(id, vehicleId);
    return c.json({ msg: Garage.garageMessages.deleted });
  })
  .get('/:vehicleId/history', customerVehicle, pageQuery, async (c) => {
    const { id, vehicleId } = c.req.valid('param');
    return historyReply(c, await VehicleHistory.historyFor(id, vehicleId, c.req.valid('query')));
  });

/** /api/vehicles/decode/{vin}: a VIN decoded through vPIC (any signed-in caller: a customer, the desk). */
export const vinDecode = new Hono().get(
  '/decode/:vin',
  requireUser,
  zValidator('param', z.object({ vin: Garage.decode.schema }), invalidInput),
  async (c) => {
    const decoded = await Garage.decode(c.req.valid('param').vin);
    return c.json({ ...decoded, vehicleClass: decoded.vehicleClass });
  },
);

/** /api/tech/jobs/{id}/history: the history of a job's vehicle, for its technician before the visit. */
export const jobHistory = new Hono().get(
  '/',
  requireStaff,
  zValidator('param', z.object({ id: z.string().max(40) }), invalidInput),
  pageQuery,
  async (c) =>
    historyReply(c, await VehicleHistory.historyForJob(c.req.valid('param').id, c.req.valid('query'))),
);
