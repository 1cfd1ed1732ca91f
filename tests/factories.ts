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
