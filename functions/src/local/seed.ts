import { asSystem } from '@app/core/actor';
import { defineEntity } from '@app/core/db/entity';
import { VisibleError } from '@app/core/error';
import { GoogleReviews } from '@app/core/google-reviews/index';
import { Post } from '@app/core/post/index';
import { Service } from '@app/core/service/index';
import { Storage } from '@app/core/storage/index';
import { Technician } from '@app/core/technician/index';
import { Images } from '@app/core/storage/images';
import { Testimonial } from '@app/core/testimonial/index';
import { TimeSlot } from '@app/core/timeslot/index';
import { User } from '@app/core/user/index';
import * as z from 'zod';
import { seedGoogleReviews, seedPosts, seedTestimonials } from './seed-content';
import { seedImages } from './seed-images';

/**
 * Demo data for the local stack. Runs on every start and is idempotent: one
 * marker item per seed stage records that the stage finished, and every
 * seeded item has a fixed id written with a conditional put, so an
 * interrupted seed can run again without duplicates. A data dir seeded by an
 * older version gets the newer stages on its next start.
 *
 * - v1: the service catalogue and the admin account.
 * - v2: the public site (issue 4): images in S3, testimonials, blog posts,
 *   sample Google reviews.
 * - v3: two technicians with sign-in accounts (issue 22, decision 078):
 *   numbers 1 and 2 (a data dir migrated from CREW_SIZE has "Technician 1"
 *   already: it gets the name and the account).
 *
 * Every start also tops up the seeded services' time slots to the next 30
 * days (not a stage: the window moves with the calendar).
 */
const marker = defineEntity({
  name: 'seed',
  version: 1,
  schema: z.object({ stage: z.string(), at: z.string() }),
  key: ({ stage }: { stage: string }) => ({ pk: 'SEED', sk: stage }),
});

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
    priceCents: 8900,
    duration: 45,
    availableDays: [...weekdays, 'Saturday'],
    availableTimes: everyHour(8, 15),
  },
  {
    name: 'Battery Test & Replacement',
    description:
      'Load test of battery, starter and alternator; a new battery fitted on the spot when needed.',
    priceCents: 14900,
    duration: '30 min',
    availableDays: [],
    availableTimes: everyHour(8, 15),
  },
  {
    name: 'Headlight Restoration',
    description: 'Clouded, yellowed lenses sanded, polished and UV-sealed for clear night driving.',
    priceCents: 9900,
    duration: 60,
    availableDays: ['Tuesday', 'Thursday', 'Saturday'],
    availableTimes: ['09:00', '11:00', '13:00', '15:00'],
  },
  {
    name: 'Engine Diagnostic',
    description: 'Computer scan of fault codes with a technician’s road test and a written repair estimate.',
    priceCents: 11900,
    duration: '90 min',
    availableDays: weekdays,
    availableTimes: ['08:00', '10:00', '12:00', '14:00'],
  },
  {
    name: 'Brake Pad Replacement',
    description: 'Front or rear pads replaced, rotors measured, calipers lubricated and brakes bedded in.',
    priceCents: 24900,
    duration: '2 hours',
    availableDays: weekdays,
    availableTimes: ['08:00', '10:30', '13:00'],
  },
  {
    name: 'A/C Recharge',
    description: 'Leak check, evacuation and refrigerant recharge to factory specification.',
    priceCents: 17900,
    duration: '1.5 hours',
    availableDays: ['Monday', 'Wednesday', 'Friday'],
    availableTimes: ['09:00', '11:00', '14:00'],
  },
  {
    name: 'Full Interior & Exterior Detail',
    description:
      'Hand wash, clay bar, wax, vacuum, shampooed carpets and conditioned leather, inside and out.',
    priceCents: 29900,
    duration: '4 hours',
    availableDays: [...weekdays, 'Saturday'],
    availableTimes: ['08:00', '12:00'],
  },
  {
    name: 'Ceramic Coating',
    description:
      'Paint correction followed by a multi-year ceramic coating for lasting gloss and protection.',
    priceCents: 89900,
    duration: 480,
    availableDays: ['Monday', 'Wednesday'],
    availableTimes: ['08:00'],
  },
];

/** The seeded technicians (README: their sign-in for local use). */
export const seedTechnicians = [
  {
    number: 1,
    firstName: 'Sam',
    lastName: 'Ortiz',
    email: 'sam@example.com',
    password: 'technician-password',
    phone: '(610) 555-0141',
  },
  {
    number: 2,
    firstName: 'Riley',
    lastName: 'Chen',
    email: 'riley@example.com',
    password: 'technician-password',
    phone: '(610) 555-0142',
  },
] as const;

/** The technicians, with accounts; one that has an account already (the data dir's own) is kept. */
async function seedTechnicianAccounts(): Promise<void> {
  await asSystem('seed', async () => {
    for (const { number, ...person } of seedTechnicians) {
      try {
        await Technician.giveAccount(number, person);
      } catch (error) {
        if (!(error instanceof VisibleError && error.kind === 'conflict')) throw error;
        console.warn(`Seed: kept technician ${number}: ${error.message}`);
      }
    }
  });
}

/** The seeded admin's name: the local stack's shop owner. */
export const seedAdminName = { firstName: 'Jordan', lastName: 'Reyes' } as const;

export type SeedOptions = { adminEmail: string; adminPassword: string };

/** Runs `stage` unless its marker exists, then writes the marker. */
async function once(version: string, stage: () => Promise<void>): Promise<boolean> {
  // An older start's marker (written before entities had versions) counts too.
  if (await marker.exists({ stage: version })) return false;
  await stage();
  await marker.put({ stage: version, at: new Date().toISOString() });
  return true;
}

/** The seed is the shop's own code: it acts as the system, which core's role checks let through. */
async function seedCatalogue(options: SeedOptions): Promise<void> {
  await asSystem('seed', async () => {
    for (const [index, service] of seedServices.entries()) {
      await Service.create({ ...service, serviceId: seedId(index + 1) });
    }
    // The shop's owner, as the header greets them ('Welcome, Jordan!'), not 'Shop'.
    await User.ensureAdmin({
      firstName: seedAdminName.firstName,
      lastName: seedAdminName.lastName,
      email: options.adminEmail,
      password: options.adminPassword,
    });
  });
}

async function seedPublicSite(): Promise<void> {
  await Storage.ensureBucket();
  for (const image of seedImages) await Images.put(image.name, image.draw());
  await asSystem('seed', async () => {
    for (const testimonial of seedTestimonials(new Date())) await Testimonial.create(testimonial);
    for (const post of seedPosts) {
      try {
        await Post.create(post);
      } catch (error) {
        // A post of the data dir's own already has this slug: keep it, skip the demo post.
        if (!(error instanceof VisibleError && error.kind === 'conflict')) throw error;
        console.warn(`Seed: skipped the demo post "${post.slug}": ${error.message}`);
      }
    }
  });
  await GoogleReviews.writeSample(seedGoogleReviews);
}

/**
 * Slots for every seeded service that still exists, from today for 30 days,
 * from its availableDays × availableTimes; each service continues after its
 * last slot, so nothing is duplicated and a slot an admin deleted stays deleted.
 */
export async function topUpSlots(): Promise<number> {
  return asSystem('seed', async () => {
    let created = 0;
    for (const index of seedServices.keys()) {
      const service = await Service.fromId(seedId(index + 1)).catch(() => null);
      if (service) created += await TimeSlot.ensureWindow(service);
    }
    return created;
  });
}

export async function seed(options: SeedOptions): Promise<'seeded' | 'already seeded'> {
  const catalogue = await once('v1', () => seedCatalogue(options));
  const publicSite = await once('v2', seedPublicSite);
  const technicians = await once('v3', seedTechnicianAccounts);
  const slots = await topUpSlots();
  return catalogue || publicSite || technicians || slots > 0 ? 'seeded' : 'already seeded';
}
