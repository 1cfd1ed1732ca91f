import { Service } from '@app/core/service/index';

let counter = 0;

/** A service with sensible defaults; override what the test is about. */
export async function createService(overrides: Partial<Service.CreateInput> = {}): Promise<Service.Info> {
  counter += 1;
  const { service } = await Service.create({
    name: `Test Service ${counter}`,
    description: 'A service made by a test.',
    price: 100,
    duration: 60,
    availableDays: ['Monday'],
    availableTimes: ['09:00'],
    ...overrides,
  });
  return service;
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
    role: 'user' | 'admin';
  }> = {},
) {
  const { User } = await import('@app/core/user/index');
  const { Session } = await import('@app/core/auth/session');
  userCounter += 1;
  const password = overrides.password ?? 'test-password-1';
  const created = await User.create({
    firstName: 'Test',
    lastName: `User${userCounter}`,
    email: `user-${userCounter}-${crypto.randomUUID().slice(0, 8)}@example.com`,
    role: 'user',
    ...overrides,
    password,
    emailVerified: true,
  });
  const record = await User.find(created._id);
  if (!record) throw new Error('The user just created is missing.');
  const token = await Session.issue(record);
  return { ...created, password, token, headers: { 'x-auth-token': token } };
}
