import type { Actor } from '@app/core/actor';
import { toCents } from '@app/core/money';
import { Service } from '@app/core/service/index';
import { type ServiceReply, serviceReply } from '../functions/src/api/services';

let counter = 0;

/** The admin that test content is created as (content verbs check the role in core). */
export const testAdmin: Actor = {
  type: 'user',
  userId: 'usr_01JADM1N000000000000000000',
  role: 'admin',
  firstName: 'Test',
};

export async function asAdmin<T>(body: () => Promise<T>): Promise<T> {
  const { withActor } = await import('@app/core/actor');
  return withActor(testAdmin, body);
}

/**
 * A service with sensible defaults; override what the test is about. Tests
 * speak the API's language: `price` in dollars, and the reply's shape back.
 */
export async function createService(
  overrides: Partial<Omit<Service.CreateInput, 'priceCents'>> & { price?: number } = {},
): Promise<ServiceReply> {
  counter += 1;
  const { price = 100, ...rest } = overrides;
  const { service } = await asAdmin(() =>
    Service.create({
      name: `Test Service ${counter}`,
      description: 'A service made by a test.',
      duration: 60,
      availableDays: ['Monday'],
      availableTimes: ['09:00'],
      ...rest,
      priceCents: toCents(price),
    }),
  );
  return serviceReply(service);
}

/**
 * A service of its own (an hour long, as `createService` makes it, unless `fields` say otherwise)
 * that offers `times` and no weekly days: what the booking, route and calendar tests book.
 */
export function serviceOffering(
  times: string[],
  fields: Parameters<typeof createService>[0] = {},
): Promise<ServiceReply> {
  return createService({ availableDays: [], availableTimes: times, ...fields });
}

/** JSON of a response, typed loosely for assertions. */
export async function json<T = unknown>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

let userCounter = 0;

/** A verified account (a customer unless `role` says otherwise), with a session token for it. */
export async function createUser(
  overrides: Partial<{
    firstName: string;
    lastName: string;
    email: string;
    password: string;
    role: 'user' | 'admin' | 'technician';
  }> = {},
) {
  const { User } = await import('@app/core/user/index');
  const { Session } = await import('@app/core/auth/session');
  const { asSystem } = await import('@app/core/actor');
  userCounter += 1;
  const password = overrides.password ?? 'test-password-1';
  // A pre-verified account (or an admin) is the system's to make, not a visitor's.
  const created = await asSystem('test factory', () =>
    User.create({
      firstName: 'Test',
      lastName: `User${userCounter}`,
      email: `user-${userCounter}-${crypto.randomUUID().slice(0, 8)}@example.com`,
      role: 'user',
      ...overrides,
      password,
      emailVerified: true,
    }),
  );
  const record = await User.find(created._id);
  if (!record) throw new Error('The user just created is missing.');
  const token = await Session.issue(record);
  return { ...created, password, token, headers: { 'x-auth-token': token } };
}

/** The default service address `createUserWithCard` saves: in West Chester, inside the default area. */
export const homeAddress = {
  street: '12 W Market St',
  city: 'West Chester',
  state: 'PA',
  zipCode: '19382',
  accessNotes: 'Gate code 1234',
};

/**
 * A verified customer (see createUser) with a card on file, saved through
 * core's Payments.saveCard against the Square stand-in. `sourceId` picks the
 * card: Square's `cnon:card-nonce-ok` (a Visa ending 1111) by default, or
 * `cnon:stand-in-charge-declined` for a card that saves but declines charges.
 * It has one saved address, its default (`homeAddress`), as a customer who
 * books must (issue 20): the spec's client books without naming one
 * (`options.address: false` leaves it without; the browser tests save their own),
 * placed at the shop's base.
 */
export async function createUserWithCard(
  overrides: Parameters<typeof createUser>[0] = {},
  sourceId = 'cnon:card-nonce-ok',
  options: { address?: boolean } = {},
) {
  const user = await createUser(overrides);
  const { Payments } = await import('@app/core/payments/index');
  const { withActor } = await import('@app/core/actor');
  const { SavedAddress } = await import('@app/core/address/index');
  const actor = { type: 'user' as const, userId: user._id, role: user.role, firstName: user.firstName };
  const { card } = await withActor(actor, () => Payments.saveCard({ sourceId }));
  if (user.role === 'user' && options.address !== false) {
    const {
      isDefault: _d,
      serviceArea: _a,
      ...saved
    } = await withActor(actor, () => SavedAddress.create(homeAddress));
    // Placed exactly at the shop's base, so its drives are the ones the tests had before addresses (none).
    const { Geo } = await import('@app/core/geo/index');
    await SavedAddress.entity.put({ ...saved, location: Geo.base() });
  }
  return { ...user, card };
}

/**
 * Runs `body` with technicians 1 … `size` working (made when missing, every
 * day, the whole day); afterwards every technician but 1 is deactivated
 * again, so the file's other tests see the one-technician shop the setup
 * made (tests/api-setup.ts, decision 078).
 */
export async function withCrew<T>(size: number, body: () => Promise<T>): Promise<T> {
  const { Technician } = await import('@app/core/technician/index');
  const { asSystem } = await import('@app/core/actor');
  await asSystem('test factory', async () => {
    await Technician.ensureNumbered(size);
    for (let number = 1; number <= size; number += 1) await Technician.setActive(number, true);
  });
  try {
    return await body();
  } finally {
    await asSystem('test factory', async () => {
      for (const t of await Technician.list())
        if (t.number > 1 && t.active) await Technician.setActive(t.number, false);
    });
  }
}

let technicianCounter = 0;

/**
 * A technician with a verified sign-in account and a session: the next
 * number (or `number`, made when missing; one that has an account already
 * gets a new session), every day, the whole day unless `hours` says otherwise.
 */
export async function createTechnician(
  hours: Partial<{ workingDays: string[]; dayStart: string; dayEnd: string; daysOff: string[] }> = {},
  options: { number?: number } = {},
) {
  const { Technician } = await import('@app/core/technician/index');
  const { Session } = await import('@app/core/auth/session');
  const { User } = await import('@app/core/user/index');
  const { asSystem } = await import('@app/core/actor');
  technicianCounter += 1;
  const password = 'test-password-1';
  const email = `tech-${technicianCounter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const technician = await asSystem('test factory', async () => {
    const number = options.number ?? Math.max(0, ...(await Technician.list()).map((t) => t.number)) + 1;
    const existing = await Technician.get(number);
    if (!existing?.userId) {
      await Technician.giveAccount(number, {
        firstName: 'Tech',
        lastName: `Nician${technicianCounter}`,
        email,
        password,
      });
    }
    return Object.keys(hours).length > 0
      ? Technician.update(number, hours as Parameters<typeof Technician.update>[1])
      : Technician.get(number);
  });
  if (!technician?.userId) throw new Error('The technician just created is missing.');
  const record = await User.find(technician.userId);
  if (!record) throw new Error('The technician account just created is missing.');
  const token = await Session.issue(record);
  return { technician, email: record.email, password, token, headers: { 'x-auth-token': token } };
}
