import { SavedAddress } from '@app/core/address/index';
import { toDollars } from '@app/core/money';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { requireUser } from './auth';
import { addressFields, type ServiceAddressReply } from './replies';
import { invalidInput } from './validation';

/** A saved address on the wire (issue 20): the trip fee in dollars, as all money on the wire. */
export type AddressReply = { _id: string } & ServiceAddressReply & {
    isDefault: boolean;
    /** `message`: why the shop cannot come when the address is outside its area ('' when served). */
    serviceArea: { served: boolean; miles: number; tripFee: number; message: string };
  };

export const addressReply = (a: SavedAddress.Info): AddressReply => ({
  _id: a.id,
  ...addressFields(a),
  isDefault: a.isDefault,
  serviceArea: {
    served: a.serviceArea.served,
    miles: a.serviceArea.miles,
    tripFee: toDollars(a.serviceArea.tripFeeCents),
    message: a.serviceArea.message,
  },
});

const byId = zValidator('param', z.object({ id: SavedAddress.id }), invalidInput);
const body = zValidator('json', SavedAddress.SaveInput, invalidInput);

/** /api/users/me/addresses: the signed-in customer's saved addresses (admins: 403; decision 067). */
export const addresses = new Hono()
  .get('/', requireUser, async (c) => c.json((await SavedAddress.listMine()).map(addressReply)))
  .post('/', requireUser, body, async (c) =>
    c.json(addressReply(await SavedAddress.create(c.req.valid('json'))), 201),
  )
  .put('/:id', requireUser, byId, body, async (c) =>
    c.json(addressReply(await SavedAddress.update(c.req.valid('param').id, c.req.valid('json')))),
  )
  .delete('/:id', requireUser, byId, async (c) => {
    await SavedAddress.remove(c.req.valid('param').id);
    return c.json({ msg: SavedAddress.addressMessages.deleted });
  });
