import { asSystem } from '@app/core/actor';
import { claim, relocate } from '@app/core/booking/claim';
import { Crew } from '@app/core/crew/crew';
import { legs, workingHours } from '@app/core/crew/route';
import { changeStatus } from '@app/core/booking/status';
import { CUSTOM_KEY, entity, findBooking, isOpen, type Stored } from '@app/core/booking/store';
import { config } from '@app/core/config';
import { VisibleError } from '@app/core/error';
import { Geo } from '@app/core/geo/index';
import { estimateMinutes } from '@app/core/geo/model';
import { Technician } from '@app/core/technician/index';
import { createId } from '@app/core/util/id';
import { describe, expect, it } from 'vitest';
import { nextDate } from './booking-factories';
import { withCrew } from './factories';

/**
 * The race suite of the technicians' routes (issue 20, decision 066): many
 * claims on one day at once, at places far apart, then every technician's
 * day is checked against the drive model: no leg may be one that cannot be
 * driven. Claims go through core's claim (the booking requests take an
 * address once the address branch lands); un-cancels and address changes
 * through their verbs.
 */

/** Places 10 to 25 miles from the base in different directions, and so far from each other. */
const ZIPS = ['19103', '19464', '19350', '19063', '19403', '19010', '19426', '19320'];

const centroids = new Map(
  await Promise.all(ZIPS.map(async (zip) => [zip, await Geo.locateZip(zip)] as const)),
);

const place = (zipCode: string): NonNullable<Stored['serviceAddress']> => {
  const at = centroids.get(zipCode);
  if (!at) throw new Error(`unknown ZIP ${zipCode}`);
  return { street: '1 Race Rd', unit: '', city: 'Race', state: 'PA', zipCode, accessNotes: '', location: at };
};

/** A custom booking (no BOOKED guard, no slot: only the technicians limit it) at `date` `at`, at `zipCode`. */
function booking(date: string, at: string, zipCode: string): Omit<Stored, 'claim'> {
  const now = new Date().toISOString();
  return {
    id: createId('booking'),
    serviceName: 'Race job',
    priceCents: 1000,
    isCustomService: true,
    createdByAdmin: true,
    requiresCustomerVerification: false,
    status: 'Pending',
    date,
    time: at,
    durationMinutes: 30,
    clientFirstName: 'Race',
    clientLastName: 'Driver',
    vehicleMake: 'Honda',
    vehicleModel: 'Fit',
    vehicleYear: 2015,
    vehicleColor: 'Red',
    notes: '',
    serviceStatus: '',
    serviceAddress: place(zipCode),
    bookedKey: CUSTOM_KEY,
    statusHistory: [],
    createdAt: now,
    updatedAt: now,
  };
}

const book = (b: Omit<Stored, 'claim'>) =>
  claim(b, new Date().toISOString(), {
    write: (r) => entity.tx.put(r, { ifAbsent: true }),
    mails: () => [],
    taken: 'taken',
    crewFull: 'crew full',
  });

/** Adjacent quarter hours from 07:00. */
const quarter = (i: number) => {
  const minutes = 7 * 60 + i * 15;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

const by = { _id: null, name: 'race', role: 'system' as const };

/** Settles every promise: the stored booking, or the 409's message. */
async function outcomes(work: Promise<Stored | unknown>[]) {
  const settled = await Promise.allSettled(work);
  for (const s of settled) {
    if (s.status === 'rejected' && !(s.reason instanceof VisibleError && s.reason.kind === 'conflict')) {
      throw s.reason;
    }
  }
  return settled;
}

/**
 * Every technician's day on `date` against the drive model (the estimate the
 * routing stand-in answers with): no leg cannot be driven, each job is an
 * open booking's whose claim names that technician, and each open booking
 * with a claim is on its day.
 */
async function expectDrivableDays(date: string, bookingIds: readonly string[]) {
  const { travelBufferMinutes, technicianDayStart, technicianDayEnd } = config();
  const crew = (await Technician.crewOn(date)).map((t) => t.number);
  const base = Geo.base();
  const drive = (from: { lat: number; lng: number } | null, to: { lat: number; lng: number } | null) =>
    estimateMinutes(from ?? base, to ?? base);
  const rules = {
    hours: workingHours(date, technicianDayStart, technicianDayEnd),
    bufferMinutes: travelBufferMinutes,
    drive,
  };
  const onDays = new Map<string, number>();
  for (const technician of crew) {
    const day = await Crew.dayOf(date, technician);
    const jobs = Object.entries(day.jobs).map(([id, job]) => Crew.routeJob(id, job));
    for (const leg of legs(jobs, rules)) {
      expect(
        leg.slackMinutes,
        `technician ${technician}: ${leg.from?.id ?? 'base'} → ${leg.to.id}`,
      ).toBeGreaterThanOrEqual(0);
    }
    for (const job of jobs) onDays.set(job.id, technician);
  }
  for (const id of bookingIds) {
    const b = await findBooking(id).catch(() => undefined);
    const open = b && isOpen(b.status) && b.claim;
    expect(onDays.get(id), id).toBe(open ? b.claim?.technician : undefined);
  }
  return onDays.size;
}

describe('races: the technicians’ routes (issue 20)', { timeout: 240_000 }, () => {
  it('50 bookings of adjacent times at far-apart places at once: no day holds a leg that cannot be driven', async () => {
    await withCrew(3, async () => {
      const date = nextDate();
      const requests = Array.from({ length: 50 }, (_, i) =>
        booking(date, quarter(i), ZIPS[i % ZIPS.length] ?? '19103'),
      );
      const started = Date.now();
      const settled = await outcomes(requests.map((b) => book(b)));
      const won = settled.filter((s) => s.status === 'fulfilled').length;
      console.info(
        `route race: 50 claims in ${Date.now() - started} ms, ${won} booked, ${50 - won} refused (409)`,
      );
      expect(won).toBeGreaterThanOrEqual(3);
      expect(
        await expectDrivableDays(
          date,
          requests.map((b) => b.id),
        ),
      ).toBe(won);
    });
  });

  it('the same with address changes and un-cancels mixed in', async () => {
    await withCrew(3, async () => {
      const date = nextDate();
      // Twelve jobs an hour apart, one after the other; half of them then cancelled.
      const first: Stored[] = [];
      for (let i = 0; i < 12; i += 1) {
        first.push(await book(booking(date, quarter(i * 4), ZIPS[i % ZIPS.length] ?? '19103')));
      }
      const cancelled: Stored[] = [];
      for (const b of first.slice(0, 6)) {
        await changeStatus(await findBooking(b.id), 'Cancelled', by);
        cancelled.push(await findBooking(b.id));
      }
      const fresh = Array.from({ length: 30 }, (_, i) =>
        booking(date, quarter(i * 2 + 1), ZIPS[(i * 3) % ZIPS.length] ?? '19103'),
      );
      const moves = first.slice(6).map(async (b, i) => {
        const read = await findBooking(b.id);
        return asSystem('race', () =>
          relocate(read, { ...read, serviceAddress: place(ZIPS[(i + 4) % ZIPS.length] ?? '19103') }),
        );
      });
      const uncancels = cancelled.map((b) => changeStatus(b, 'Pending', by));
      const settled = await outcomes([...fresh.map((b) => book(b)), ...moves, ...uncancels]);
      const kinds = ['book', 'move', 'un-cancel'];
      const counts = settled.map((s, i) => `${kinds[i < 30 ? 0 : i < 36 ? 1 : 2]}:${s.status}`);
      console.info(
        `route race (mixed): ${JSON.stringify(counts.reduce<Record<string, number>>((a, k) => ({ ...a, [k]: (a[k] ?? 0) + 1 }), {}))}`,
      );
      await expectDrivableDays(date, [...first.map((b) => b.id), ...fresh.map((b) => b.id)]);
    });
  });
});
