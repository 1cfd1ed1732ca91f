import { db, tableName } from '@app/core/db/client';
import { Service } from '@app/core/service/index';
import { User } from '@app/core/user/index';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';

/**
 * Demo data for the local stack. Runs on every start and is idempotent: a
 * marker item records a finished seed, and the services carry fixed ids with
 * conditional puts, so an interrupted seed can run again without duplicates.
 */
const SEED_VERSION = 'v1';
const marker = { pk: 'SEED', sk: SEED_VERSION };

const weekdays: Service.CreateInput['availableDays'] = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
];
const everyHour = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${String(from + i).padStart(2, '0')}:00`);

/** A valid, stable service id per seed position. */
const seedId = (n: number) => `svc_01JSEED${String(n).padStart(19, '0')}`;

export const seedServices: Service.CreateInput[] = [
  {
    name: 'Mobile Oil Change',
    description:
      'Full-synthetic oil and filter change in your driveway, with a 21-point inspection and fluid top-off.',
    price: 89,
    duration: 45,
    availableDays: [...weekdays, 'Saturday'],
    availableTimes: everyHour(8, 15),
  },
  {
    name: 'Battery Test & Replacement',
    description:
      'Load test of battery, starter and alternator; a new battery fitted on the spot when needed.',
    price: 149,
    duration: '30 min',
    availableDays: [],
    availableTimes: everyHour(8, 15),
  },
  {
    name: 'Headlight Restoration',
    description: 'Clouded, yellowed lenses sanded, polished and UV-sealed for clear night driving.',
    price: 99,
    duration: 60,
    availableDays: ['Tuesday', 'Thursday', 'Saturday'],
    availableTimes: ['09:00', '11:00', '13:00', '15:00'],
  },
  {
    name: 'Engine Diagnostic',
    description: 'Computer scan of fault codes with a technician’s road test and a written repair estimate.',
    price: 119,
    duration: '90 min',
    availableDays: weekdays,
    availableTimes: ['08:00', '10:00', '12:00', '14:00'],
  },
  {
    name: 'Brake Pad Replacement',
    description: 'Front or rear pads replaced, rotors measured, calipers lubricated and brakes bedded in.',
    price: 249,
    duration: '2 hours',
    availableDays: weekdays,
    availableTimes: ['08:00', '10:30', '13:00'],
  },
  {
    name: 'A/C Recharge',
    description: 'Leak check, evacuation and refrigerant recharge to factory specification.',
    price: 179,
    duration: '1.5 hours',
    availableDays: ['Monday', 'Wednesday', 'Friday'],
    availableTimes: ['09:00', '11:00', '14:00'],
  },
  {
    name: 'Full Interior & Exterior Detail',
    description:
      'Hand wash, clay bar, wax, vacuum, shampooed carpets and conditioned leather, inside and out.',
    price: 299,
    duration: '4 hours',
    availableDays: [...weekdays, 'Saturday'],
    availableTimes: ['08:00', '12:00'],
  },
  {
    name: 'Ceramic Coating',
    description:
      'Paint correction followed by a multi-year ceramic coating for lasting gloss and protection.',
    price: 899,
    duration: 480,
    availableDays: ['Monday', 'Wednesday'],
    availableTimes: ['08:00'],
  },
];

export type SeedOptions = { adminEmail: string; adminPassword: string };

export async function seed(options: SeedOptions): Promise<'seeded' | 'already seeded'> {
  const done = await db().send(new GetCommand({ TableName: tableName(), Key: marker }));
  if (done.Item) return 'already seeded';

  for (const [index, service] of seedServices.entries()) {
    await Service.create({ ...service, serviceId: seedId(index + 1) });
  }
  await User.ensureAdmin({
    firstName: 'Shop',
    lastName: 'Admin',
    email: options.adminEmail,
    password: options.adminPassword,
  });
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...marker, _type: 'seed', at: new Date().toISOString() },
    }),
  );
  return 'seeded';
}
