import type { BookingStatus } from '../booking/rules';

/**
 * Where a job stands as the admin sees it (issue 22: Today and the dispatch
 * board): its status, and while it is open, the furthest step of the visit
 * the technician recorded. Pure and browser-safe.
 */
export type JobState = BookingStatus | 'On my way' | 'Arrived' | 'Started';

export type Progress = { onMyWayAt?: string; etaAt?: string; arrivedAt?: string; startedAt?: string };

export function jobState(status: BookingStatus, progress: Progress | undefined): JobState {
  if (status === 'Completed' || status === 'Cancelled' || !progress) return status;
  if (progress.startedAt) return 'Started';
  if (progress.arrivedAt) return 'Arrived';
  if (progress.onMyWayAt) return 'On my way';
  return status;
}
