import type { Deadline } from '../util/deadline';
import { defineDueQueue, drainDue, type JobReport, lease } from '../db/due-queue';
import { placeAndWrite } from './place';
import { enrolment } from './store';

/**
 * The `plan-visits` job (issue 35, decision 131): each enrolment whose `placeAt` is due gets its
 * visits placed up to the horizon, each claimed on its own; `placedThrough` and `placeAt` (a week
 * on) move in the write that takes it out of the queue. Two runs at once: the lease lets one act;
 * the enrolment's revision and the visits already recorded make a repeat place nothing twice.
 */

const queue = defineDueQueue('plan-visits', enrolment, (ref: string) => {
  const at = ref.indexOf('#');
  return { userId: ref.slice(0, at), id: ref.slice(at + 1) };
});

/** A run holds an enrolment this long while it places its visits. */
const LEASE_MS = 5 * 60_000;

export const placeDue = (now = new Date(), { deadline }: { deadline?: Deadline } = {}): Promise<JobReport> =>
  drainDue('plan-visits', now, { deadline, concurrency: 2, pageSize: 25 }, async (due) => {
    const held = await lease(queue, due, { now: now.getTime(), ms: LEASE_MS });
    if (!held) return 'left';
    if (held.state !== 'active') return 'dropped';
    const written = await placeAndWrite(held, now);
    return written === held ? 'left' : 'done';
  });
