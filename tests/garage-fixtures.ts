import type { Vehicle } from '@app/core/garage/store';
import { createId } from '@app/core/util/id';

/**
 * A garage vehicle record (decision 117) for tests, benches and browser specs that write one
 * straight into the table: a blue 2019 Toyota RAV4 of `userId`'s, no readings unless given.
 * Until the garage's own API is on main, this is how they get one.
 */
export function garageVehicle(userId: string, overrides: Partial<Vehicle> = {}): Vehicle {
  const stamp = new Date().toISOString();
  return {
    // A real vehicle id (`veh_<ULID>`): the pages' calls refuse any other with 400.
    id: createId('vehicle'),
    userId,
    year: 2019,
    make: 'Toyota',
    model: 'RAV4',
    color: 'Blue',
    vin: '',
    plate: '',
    bodyClass: '',
    mileage: [],
    createdAt: stamp,
    updatedAt: stamp,
    ...overrides,
  };
}
