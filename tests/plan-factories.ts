import { entity as bookingEntity } from '@app/core/booking/store';
import { Plan } from '@app/core/plan/index';
import { expect } from 'vitest';
import { readOutbox } from '../functions/src/local/outbox';
import type { EnrolmentReply, PlanReply } from '../functions/src/api/plans';
import { send } from './booking-factories';
import { createUser, createUserWithCard, json, serviceOffering } from './factories';

/** Service plans' API fixtures (issue 35, decisions 131, 133): a plan, a customer with a card and a vehicle, an enrolment. */

export type Who = { headers: Record<string, string>; email?: string };
export const mailsTo = async (to: string) => (await readOutbox()).filter((m) => m.to.includes(to));

export const planBody = (serviceId: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Maintenance detail',
  description: 'A maintenance detail every four weeks.',
  serviceId,
  recurrence: 'FREQ=WEEKLY;INTERVAL=4;BYDAY=SA',
  priceKind: 'per-visit',
  price: 89.5,
  discountPercent: 10,
  autoRenew: true,
  minimumMonths: 0,
  cancellation: 'Cancel any time from Account Settings.',
  active: true,
  ...overrides,
});

export async function admin() {
  return createUser({ role: 'admin' });
}

export async function makePlan(overrides: Record<string, unknown> = {}, times = ['09:00']) {
  const service = await serviceOffering(times);
  const response = await send(
    'POST',
    '/api/admin/plans',
    (await admin()).headers,
    planBody(service._id, overrides),
  );
  expect(response.status).toBe(201);
  return { service, plan: await json<PlanReply>(response) };
}

/** A customer with a card, a default saved address, and a garage vehicle. */
export async function customer() {
  const who = await createUserWithCard();
  const [address] = await json<{ _id: string }[]>(await send('GET', '/api/users/me/addresses', who.headers));
  const vehicle = await json<{ _id: string }>(
    await send('POST', '/api/users/me/vehicles', who.headers, {
      year: 2020,
      make: 'Mazda',
      model: 'CX-5',
      color: 'Red',
    }),
  );
  return { ...who, addressId: address!._id, vehicleId: vehicle._id };
}

export const enrolBody = (
  c: { addressId: string; vehicleId: string },
  planId: string,
  firstDate: string,
  at = '09:00',
) => ({
  planId,
  vehicleId: c.vehicleId,
  addressId: c.addressId,
  firstDate,
  time: at,
  agree: true,
});

export const enrol = (
  c: Awaited<ReturnType<typeof customer>>,
  planId: string,
  firstDate: string,
  at = '09:00',
) => send('POST', '/api/plans/enrolments', c.headers, enrolBody(c, planId, firstDate, at));

export const mine = async (c: Who) =>
  json<EnrolmentReply[]>(await send('GET', '/api/plans/enrolments', c.headers));

/** The bookings an enrolment placed, by date. */
export async function visitsOf(enrolmentId: string) {
  const records = await Plan.planVisit.query.ofEnrolment(
    { enrolmentId },
    { range: { between: [{ date: '2000-01-01' }, { date: '2999-12-31' }] }, limit: 200 },
  );
  const bookings = await bookingEntity.getMany(records.items.map((v) => ({ id: v.bookingId })));
  return bookings.sort((a, b) => a.date.localeCompare(b.date));
}
