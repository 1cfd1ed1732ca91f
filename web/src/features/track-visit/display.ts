import { formatDateTime, formatTime, localOf } from '@app/core/time';
import type { TrackingView } from './types';

/**
 * What the tracking page says in each state (issue 21). Pure, so it is
 * unit-tested; times are the business's (core/src/time.ts owns the zone).
 */

/** '10:35 AM' for an instant, as the business's clocks show it; '' for none. */
export const clockOf = (iso: string | null): string => (iso ? formatTime(localOf(iso).time) : '');

const who = (view: TrackingView) => view.technicianFirstName ?? 'Your technician';

/** The headline: where the visit stands now. */
export function headlineOf(view: TrackingView): string {
  switch (view.state) {
    case 'on-the-way':
      return `${who(view)} is on the way`;
    case 'arrived':
      return `${who(view)} has arrived`;
    case 'working':
      return `${who(view)} is working on your vehicle`;
    case 'done':
      return 'The work is done';
    case 'cancelled':
      return 'This visit was cancelled';
  }
}

/** The line under it: the ETA while on the way, or when the current step began. */
export function detailOf(view: TrackingView): string {
  switch (view.state) {
    case 'on-the-way':
      return view.etaAt ? `Expected to arrive about ${clockOf(view.etaAt)} (Eastern Time).` : '';
    case 'arrived':
      return view.arrivedAt ? `Arrived at ${clockOf(view.arrivedAt)}.` : '';
    case 'working':
      return view.startedAt ? `Started at ${clockOf(view.startedAt)}.` : '';
    case 'done':
      return view.completedAt
        ? `Finished at ${clockOf(view.completedAt)}. Thank you for choosing us.`
        : 'Thank you for choosing us.';
    case 'cancelled':
      return 'Please call us if this is unexpected.';
  }
}

export type Step = { label: string; at: string; done: boolean; current: boolean };

/** The visit's four steps, each with its time once reached. */
export function stepsOf(view: TrackingView): Step[] {
  const order = ['on-the-way', 'arrived', 'working', 'done'] as const;
  const reached = order.indexOf(view.state as (typeof order)[number]);
  const times = [view.onMyWayAt, view.arrivedAt, view.startedAt, view.completedAt];
  return ['On the way', 'Arrived', 'Working', 'Done'].map((label, i) => ({
    label,
    at: clockOf(times[i] ?? null),
    done: reached >= i,
    current: reached === i,
  }));
}

/** 'Wednesday, December 2, 2026 at 11:00 AM'. */
export const appointmentOf = (view: TrackingView): string => formatDateTime(view.date, view.time);
