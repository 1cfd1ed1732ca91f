import { oneLine } from '@app/core/address/format';
import { jobState, type JobState } from '@app/core/dispatch/job-state';
import { completionBlock } from '@app/core/booking/rules';
import { formatLongDate, formatTime, localOf, today, weekdayOf } from '@app/core/time';
import type { TechJob } from './api';

/**
 * What a job card says, pure (tested without a browser): the drive line, the
 * address, the vehicle, where the job stands, and which actions it offers.
 */

export const techMessages = {
  offline:
    'You are offline. Your day is shown as last synced. Actions are turned off until the connection is back, so nothing is lost or sent twice.',
  stale: 'The server could not be reached. Your day is shown as last synced.',
  noJobs: 'No jobs on this day.',
  failed: 'Your day could not be loaded. Please try again.',
  completeLater: 'Completed is available once the job has started, or on its day.',
  completeConfirmed: 'Completed is available once the booking is confirmed.',
  previewLoading: 'Checking what this charges...',
} as const;

/** '12 min drive from the base' or '25 min drive from the previous job'. */
export function driveLine(job: Pick<TechJob, 'driveMinutes' | 'fromBase'>): string {
  return `${Math.round(job.driveMinutes)} min drive from ${job.fromBase ? 'the base' : 'the previous job'}`;
}

export const addressLine = (job: Pick<TechJob, 'serviceAddress'>): string =>
  job.serviceAddress ? oneLine(job.serviceAddress) : 'No service address (at the shop)';

export const vehicleLine = ({ vehicle }: Pick<TechJob, 'vehicle'>): string =>
  [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ') +
  (vehicle.color ? ` (${vehicle.color})` : '');

/** The job's state, as Today and the dispatch board name it (core's jobState). */
export function stateOf(job: Pick<TechJob, 'status' | 'progress'>): JobState {
  const p = job.progress;
  return jobState(job.status, {
    ...(p.onMyWayAt ? { onMyWayAt: p.onMyWayAt } : {}),
    ...(p.arrivedAt ? { arrivedAt: p.arrivedAt } : {}),
    ...(p.startedAt ? { startedAt: p.startedAt } : {}),
  });
}

export type Step = 'on-my-way' | 'arrived' | 'started';

/** The steps in order, with their button label and the progress field each records. */
export const steps: { step: Step; label: string; field: 'onMyWayAt' | 'arrivedAt' | 'startedAt' }[] = [
  { step: 'on-my-way', label: 'On my way', field: 'onMyWayAt' },
  { step: 'arrived', label: 'Arrived', field: 'arrivedAt' },
  { step: 'started', label: 'Started', field: 'startedAt' },
];

/** Whether a job is still open to act on. */
export const isOpenJob = (job: Pick<TechJob, 'status'>) =>
  job.status === 'Pending' || job.status === 'Confirmed';

/** A step is offered while the job is open and neither it nor a later step was recorded. */
export function stepOffered(job: Pick<TechJob, 'status' | 'progress'>, step: Step): boolean {
  if (!isOpenJob(job)) return false;
  const at = steps.findIndex((s) => s.step === step);
  return steps.slice(at).every((s) => !job.progress[s.field]);
}

/**
 * '8:40 AM' on the business's clock for an ISO instant ('' when absent): the
 * business's one format, as the mails and tracking write it (issue 30).
 */
export const clockOf = (iso: string | null | undefined): string =>
  iso ? formatTime(localOf(Date.parse(iso)).time) : '';

/** 'Friday, November 27, 2026': the date of the day shown. */
export const dayHeading = (date: string): string => `${weekdayOf(date)}, ${formatLongDate(date)}`;

/** The step to take next (the primary action before the job has started), or null once started or closed. */
export function nextStep(job: Pick<TechJob, 'status' | 'progress'>): Step | null {
  if (job.progress.startedAt) return null;
  return steps.find(({ step }) => stepOffered(job, step))?.step ?? null;
}

/**
 * Why Completed is not offered yet (the server's completion rule, decision 090), or null: only
 * a Confirmed job, once Started was recorded or its day has come in the business's zone.
 */
export function completionHint(
  job: Pick<TechJob, 'status' | 'progress' | 'date'>,
  now = Date.now(),
): string | null {
  const block = completionBlock(
    { status: job.status, date: job.date, startedAt: job.progress.startedAt },
    today(now),
  );
  if (block === null || job.status === 'Completed' || job.status === 'Cancelled') return null;
  return block === 'beforeDay' ? techMessages.completeLater : techMessages.completeConfirmed;
}
