import { deskMessages } from '@app/core/booking/rules';
import { config } from '@app/core/config';
import { describe, expect, it } from 'vitest';
import { nextDate, send } from '../../../tests/booking-factories';
import { createUser, json } from '../../../tests/factories';
import { readOutbox } from '../local/outbox';
import type { AdminBookingReply, BookingReply, ConfirmationReply } from './bookings';

type Msg = { msg: string };

/** A valid Create Custom Booking submission (doc 2 §5); the test's overrides win. */
function customBody(date: string, at = '10:00', overrides: Record<string, unknown> = {}) {
  return {
    isCustomService: true,
    customServiceName: 'Headlight restoration',
    customServicePrice: 89.5,
    date,
    time: at,
    duration: 60,
    clientFirstName: 'Pat',
    clientLastName: 'Phoner',
    vehicleMake: 'Toyota',
    vehicleModel: 'Camry',
    vehicleYear: 2017,
    vehicleColor: 'Silver',
    notes: 'Called the shop.',
    createdByAdmin: true,
    requiresCustomerVerification: true,
    status: 'Pending Verification',
    ...overrides,
  };
}

async function adminCreate(admin: { headers: Record<string, string> }, body: unknown) {
  const response = await send('POST', '/api/bookings/admin-create', admin.headers, body);
  return { response, body: await json<AdminBookingReply & Msg>(response) };
}

async function assign(
  admin: { headers: Record<string, string> },
  bookingId: string,
  customer: { _id: string; email: string },
) {
  const response = await send('PATCH', `/api/bookings/${bookingId}/assign-customer`, admin.headers, {
    customerId: customer._id,
    customerEmail: customer.email,
  });
  return { response, body: await json<{ msg: string; booking: AdminBookingReply }>(response) };
}

/** The newest confirmation link mailed to `email`: its token. */
async function mailedToken(email: string): Promise<string> {
  const mails = (await readOutbox()).filter((m) => m.to.includes(email)).reverse();
  for (const mail of mails) {
    const found = /\/verify-custom-booking\/([A-Za-z0-9_-]{43})/.exec(mail.text);
    if (found?.[1]) return found[1];
  }
  throw new Error(`No confirmation link mailed to ${email}`);
}

describe('the custom booking flow', () => {
  it('admin-create → assign → the link reads the booking → confirm once', async () => {
    const admin = await createUser({ role: 'admin', firstName: 'Ada', lastName: 'Admin' });
    const customer = await createUser({ firstName: 'Cora', lastName: 'Customer' });
    const date = nextDate('Wednesday');
    const created = await adminCreate(admin, customBody(date));
    expect(created.response.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      status: 'Pending Verification',
      createdByAdmin: true,
      requiresCustomerVerification: true,
      isCustomService: true,
      customServiceName: 'Headlight restoration',
      customServicePrice: 89.5,
      user: null,
      date,
      time: '10:00',
      duration: 60,
      statusHistory: [
        { from: null, to: 'Pending Verification', by: { _id: admin._id, name: 'Ada Admin', role: 'admin' } },
      ],
    });

    const assigned = await assign(admin, created.body._id, customer);
    expect(assigned.response.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.booking).toMatchObject({
      status: 'Pending Customer Verification',
      user: { _id: customer._id, email: customer.email, firstName: 'Cora' },
    });
    const token = await mailedToken(customer.email);

    const read = await send('GET', `/api/bookings/verify-custom-booking/${token}`);
    expect(read.status).toBe(200);
    expect(await json<ConfirmationReply>(read)).toMatchObject({
      _id: created.body._id,
      status: 'Pending Customer Verification',
      isCustomService: true,
      customServiceName: 'Headlight restoration',
      customServicePrice: 89.5,
      service: null,
      date,
      time: '10:00',
      duration: 60,
      vehicleYear: 2017,
      vehicleColor: 'Silver',
      customer: { firstName: 'Cora', lastName: 'Customer', email: customer.email },
    });
    // It is in the customer's Service History.
    const history = await json<BookingReply[]>(await send('GET', '/api/bookings', customer.headers));
    expect(history.map((b) => b.status)).toEqual(['Pending Customer Verification']);

    const confirm = await send(
      'POST',
      `/api/bookings/verify-custom-booking/${token}`,
      {},
      {
        confirmed: true,
        customerName: 'Cora Customer',
        customerEmail: customer.email,
      },
    );
    expect(confirm.status).toBe(200);
    expect(await json<{ msg: string; booking: ConfirmationReply }>(confirm)).toMatchObject({
      msg: deskMessages.confirmed,
      booking: { status: 'Confirmed' },
    });
    const again = await send('POST', `/api/bookings/verify-custom-booking/${token}`, {}, { confirmed: true });
    expect(again.status).toBe(400);
    expect((await json<Msg>(again)).msg).toBe(deskMessages.linkUsed);
    const mails = await readOutbox();
    expect(mails.some((m) => m.to.includes(customer.email) && /confirmed/i.test(m.subject))).toBe(true);
    expect(
      mails.some(
        (m) => m.to.includes(config().businessEmail) && /confirmed by the customer/i.test(m.subject),
      ),
    ).toBe(true);
  });
});
