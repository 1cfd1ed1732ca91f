import { formatTime } from '@app/core/time';
import type { BoardJob } from '../../lib/dispatch';

/** The Unassigned lane's id; a technician's lane is `t<number>`. */
export const UNASSIGNED = 'unassigned';
export const laneId = (technician: number | null) => (technician === null ? UNASSIGNED : `t${technician}`);
export const technicianOf = (id: string): number | null => (/^t\d+$/.test(id) ? Number(id.slice(1)) : null);

/** '2026-11-26T10:00' plus `minutes`, as a floating local time (the calendar shows wall-clock times as given). */
export function addMinutes(date: string, clock: string, minutes: number): string {
  const [y = 0, mo = 1, d = 1] = date.split('-').map(Number);
  const [h = 0, mi = 0] = clock.split(':').map(Number);
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi + minutes));
  return at.toISOString().slice(0, 16);
}

const CLOSED = new Set(['Completed', 'Cancelled']);

/**
 * The calendar's events for the board's jobs: each job a block at its time
 * in its technician's lane (draggable while open), and before each assigned
 * job its drive as a lighter block that cannot be moved. The week (a column
 * a day, issue 30) lists each day's jobs with their times, without the drives.
 */
export function eventsOf(jobs: readonly BoardJob[], { week = false }: { week?: boolean } = {}) {
  return jobs.flatMap((job) => {
    const block = {
      id: job._id,
      resourceIds: [laneId(job.technician)],
      start: `${job.date}T${job.time}`,
      end: addMinutes(job.date, job.time, job.duration),
      title: `${week ? `${formatTime(job.time)} ` : ''}${job.customerName}\n${job.serviceName}\n${job.state}`,
      editable: !CLOSED.has(job.status),
      classNames: ['board-job', `board-job--${job.state.toLowerCase().replaceAll(' ', '-')}`],
    };
    if (!job.driveMinutes || week) return [block];
    const drive = {
      id: `drive-${job._id}`,
      resourceIds: [laneId(job.technician)],
      start: addMinutes(job.date, job.time, -job.driveMinutes),
      end: `${job.date}T${job.time}`,
      title: `${job.driveMinutes} min drive`,
      editable: false,
      classNames: ['board-drive'],
    };
    return [drive, block];
  });
}

/** The hours the board shows: 07:00 to 19:00, widened to the whole hours of any job or drive outside them. */
export function hoursShown(jobs: readonly BoardJob[]): { min: string; max: string } {
  let first = 7 * 60;
  let last = 19 * 60;
  for (const job of jobs) {
    const [h = 0, m = 0] = job.time.split(':').map(Number);
    const start = h * 60 + m - (job.driveMinutes ?? 0);
    first = Math.min(first, Math.max(0, start));
    last = Math.max(last, Math.min(24 * 60, h * 60 + m + job.duration));
  }
  const hour = (minutes: number) => `${String(minutes / 60).padStart(2, '0')}:00`;
  return { min: hour(Math.floor(first / 60) * 60), max: hour(Math.ceil(last / 60) * 60) };
}
