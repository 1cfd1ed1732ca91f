import * as z from 'zod';
import { assertStaff } from '../actor';
import { config } from '../config';
import { LinkToken } from '../auth/link-token';
import { failedConditions, transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import { Geo } from '../geo/index';
import type { Point } from '../geo/model';
import { Notify } from '../notify/index';
import { Technician } from '../technician/index';
import * as time from '../time';
import { fn } from '../util/fn';
import { jobOf } from '../booking/claim';
import { Crew } from '../crew/crew';
import { onMyWayMail, onMyWayText } from './progress-mail';
import { entity, findBooking, type Info, putIfUnchanged, type Stored, withService } from '../booking/store';

/**
 * The visit as the shop reports it (issue 21, decision 076): "On my way"
 * (with the ETA the customer is mailed, and the tracking link), "Arrived" and
 * "Started", each recorded once with its time in `booking.progress`.
 * Completion is the status itself (status.ts).
 */

export const PROGRESS_STEPS = ['on-my-way', 'arrived', 'started'] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];

export const ProgressInput = z.object({
  step: z.enum(PROGRESS_STEPS, { error: "Step must be 'on-my-way', 'arrived' or 'started'." }),
  /** "On my way" outside daytime hours reaches the customer only with this (issue 30, decision 097). */
  confirmOutsideHours: z.boolean({ error: 'confirmOutsideHours must be true or false.' }).optional(),
});

export const progressMessages = {
  notToday: 'Progress can be recorded only on the day of the booking.',
  notConfirmed: 'Progress can be recorded only for a Confirmed booking.',
  passed: (step: ProgressStep) => `This visit is already past '${step}'.`,
  changedMeanwhile: 'This booking was changed meanwhile. Reload it and try again.',
  outsideHours: (now: string, start: string, end: string) =>
    `It is ${now}, outside daytime hours (${start} to ${end}): the customer is told at once. Send "On my way" anyway?`,
} as const;

/** Whether `now` is outside daytime in the business zone (the settings daytimeStart and daytimeEnd). */
export function outsideDaytime(now: Date): boolean {
  const clock = time.localOf(now.getTime()).time;
  return clock < config().daytimeStart || clock >= config().daytimeEnd;
}

/** The field of `progress` each step records, in the visit's order. */
const FIELD = { 'on-my-way': 'onMyWayAt', arrived: 'arrivedAt', started: 'startedAt' } as const;

/** Whether a step later than `step` is already recorded (the visit cannot go back). */
function passed(progress: Stored['progress'], step: ProgressStep): boolean {
  const later = PROGRESS_STEPS.slice(PROGRESS_STEPS.indexOf(step) + 1);
  return later.some((s) => progress?.[FIELD[s]] !== undefined);
}

/** Attempts when a concurrent write to the booking wins first (read again, decide again). */
const ATTEMPTS = 4;

/**
 * `POST /api/bookings/{id}/progress` (staff: an admin, or the booking's
 * technician). Only for a booking Confirmed for today (business zone). A step
 * already recorded is answered as it is (nothing written, no second notice);
 * a step may be skipped (a technician who forgot "On my way" still taps
 * "Arrived"), but never recorded after a later one. The write is the
 * booking's conditional put (its revision), so of many concurrent "On my way"
 * exactly one writes, with its notice in the same transaction.
 */
export const recordProgress = fn(z.tuple([z.string(), ProgressInput]), recordProgressNow);
async function recordProgressNow(bookingId: string, input: z.output<typeof ProgressInput>): Promise<Info> {
  assertStaff();
  for (let attempt = 1; ; attempt += 1) {
    const booking = await findBooking(bookingId);
    await Technician.assertWorks(booking.claim?.technician);
    const now = new Date();
    if (booking.progress?.[FIELD[input.step]] !== undefined) return withService(booking);
    if (booking.status !== 'Confirmed') throw new VisibleError('conflict', progressMessages.notConfirmed);
    if (booking.date !== time.today(now)) throw new VisibleError('conflict', progressMessages.notToday);
    if (passed(booking.progress, input.step)) {
      throw new VisibleError('conflict', progressMessages.passed(input.step));
    }
    // Texting a customer at 00:17 takes a second, deliberate tap: the client asks, then sends the flag.
    if (input.step === 'on-my-way' && !input.confirmOutsideHours && outsideDaytime(now)) {
      throw new VisibleError(
        'conflict',
        progressMessages.outsideHours(
          time.formatTime(time.localOf(now.getTime()).time),
          time.formatTime(config().daytimeStart),
          config().daytimeEnd === '24:00' ? 'midnight' : time.formatTime(config().daytimeEnd),
        ),
        { confirmOutsideHours: true },
      );
    }
    const at = now.toISOString();
    const next: Stored = {
      ...booking,
      progress: { ...booking.progress, [FIELD[input.step]]: at },
      updatedAt: at,
    };
    const extra = input.step === 'on-my-way' ? await onMyWay(next, now) : { items: [], prepared: [] };
    try {
      await transactWrite([putIfUnchanged(next, booking), ...extra.items]);
    } catch (error) {
      const failed = failedConditions(error);
      if (failed === null) throw error;
      if (attempt >= ATTEMPTS) throw new VisibleError('conflict', progressMessages.changedMeanwhile);
      // Another write won (perhaps the same step): read again; a recorded step is then answered as it is.
      continue;
    }
    await Notify.deliver(extra.prepared);
    return withService(next);
  }
}

/**
 * "On my way": sets `next.progress.etaAt` and gives the items to write with
 * it: the tracking link's token and the customer's notice.
 */
async function onMyWay(next: Stored, now: Date) {
  const etaAt = await estimateArrival(next, now);
  next.progress = { ...next.progress, etaAt };
  const link = trackingLink(next, now);
  const technician = next.claim ? await Technician.get(next.claim.technician) : null;
  const facts = { technicianFirstName: technician?.firstName ?? null, etaAt, path: link.path };
  const prepared = next.customer?.email
    ? await Notify.prepare({
        kind: 'on-my-way',
        userId: next.userId,
        mail: onMyWayMail(next, facts),
        text: onMyWayText(facts),
      })
    : [];
  return { items: [link.item, ...prepared.map((p) => p.item)], prepared };
}

/**
 * When the technician should reach the job: now plus the drive from where
 * they come from (the end of their previous job of the day, or the base when
 * this is their first), rounded up to 5 minutes, and never before the
 * booked start (the customer expects them then, not earlier).
 */
export async function estimateArrival(booking: Stored, now: Date): Promise<string> {
  const job = jobOf(booking);
  const from = await comingFrom(booking, job.start);
  const to: Point = job.at ?? Geo.base();
  const minutes = (await Geo.driveMinutes([from], [to]))[0]?.[0] ?? 0;
  const arrival = Math.ceil((now.getTime() + minutes * 60_000) / FIVE_MINUTES) * FIVE_MINUTES;
  return new Date(Math.max(arrival, job.start)).toISOString();
}

const FIVE_MINUTES = 5 * 60_000;

/** The place of the technician's job before this one on the day (the latest that starts earlier), or the base. */
async function comingFrom(booking: Stored, start: number): Promise<Point> {
  const base = Geo.base();
  if (!booking.claim) return base;
  const day = await Crew.dayOf(booking.date, booking.claim.technician);
  const earlier = Object.entries(day.jobs)
    .filter(([id]) => id !== booking.id)
    .map(([id, job]) => Crew.routeJob(id, job))
    .filter((job) => job.start < start)
    .sort((a, b) => a.start - b.start)
    .at(-1);
  return earlier?.at ?? base;
}

/**
 * The tracking link: a link token (flow `track-booking`) for this booking
 * only, valid until the end of the booking's business day. Viewing never uses
 * it (LinkToken.view), so the customer may open it again and again.
 */
function trackingLink(booking: Stored, now: Date) {
  const issued = LinkToken.prepare('track-booking', {
    subjectId: booking.id,
    owner: entity.key({ id: booking.id }),
    visit: booking,
    now,
  });
  return { item: issued.item, path: LinkToken.flows['track-booking'].page(issued.token) };
}
