import { SavedAddress } from '@app/core/address/index';
import { deskMessages } from '@app/core/booking/rules';
import { Customer } from '@app/core/customer/index';
import { idSchema } from '@app/core/util/id';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { addressReply } from './addresses';
import { customerVehicles } from './vehicles';
import { invalidInput, pageQuery, pageReply } from './validation';

/** A customer as the admin's lists read them (doc 2 §3 Customer user). Admins are never listed. */
export type CustomerReply = {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  username: string;
  isAdmin: false;
  role: 'customer';
  hasCardOnFile: boolean;
};

export const customerReply = (c: Customer.Info): CustomerReply => ({
  _id: c.id,
  firstName: c.firstName,
  lastName: c.lastName,
  email: c.email,
  phone: c.phone,
  username: c.username,
  isAdmin: false,
  role: 'customer',
  hasCardOnFile: c.hasCardOnFile,
});

/**
 * /api/admin (doc 2 §7 Admin bookings and users): the customer list and
 * search, and a new customer. The whole prefix is behind requireAdmin
 * (./index.ts); core checks the role again.
 */
export const admin = new Hono()
  .get('/users', zValidator('query', pageQuery, invalidInput), async (c) => {
    return pageReply(c, await Customer.list(c.req.valid('query')), customerReply);
  })
  .get(
    '/users/search',
    zValidator(
      'query',
      pageQuery.extend({ query: z.string().max(200, 'The search is too long.').optional() }),
      invalidInput,
    ),
    async (c) => {
      const { query, ...page } = c.req.valid('query');
      return pageReply(c, await Customer.search(query ?? '', page), customerReply);
    },
  )
  // A customer's saved addresses, for the custom booking's address picker (issue 20).
  .get(
    '/users/:id/addresses',
    zValidator('param', z.object({ id: idSchema('user', 'customer') }), invalidInput),
    async (c) => c.json((await SavedAddress.listFor(c.req.valid('param').id)).map(addressReply)),
  )
  // A customer's garage (issue 34): the custom booking's vehicle picker, and the vehicle's history.
  .route('/users/:id/vehicles', customerVehicles)
  .post('/create-customer', zValidator('json', Customer.InviteInput, invalidInput), async (c) => {
    const user = await Customer.invite(c.req.valid('json'));
    return c.json({ msg: deskMessages.customerCreated, user: customerReply(user) }, 201);
  });
