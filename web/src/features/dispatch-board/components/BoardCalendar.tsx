import {
  type Calendar,
  createCalendar,
  destroyCalendar,
  Interaction,
  ResourceTimeline,
} from '@event-calendar/core';
import calendarCssUrl from '@event-calendar/core/index.css?url';
import { useEffect, useRef } from 'react';
import { type BoardJob, type Lane, laneName } from '../../../lib/dispatch';
import { eventsOf, hoursShown, laneId, technicianOf, UNASSIGNED } from '../board-events';

type Props = {
  from: string;
  days: number;
  lanes: Lane[];
  jobs: BoardJob[];
  /** A job dropped on (or moved by arrow key to) another lane; `undo` puts it back where it was. */
  onMove: (job: BoardJob, technician: number, undo: () => void) => void;
  /** Enter or Space on a job: pick its technician from a list. */
  onPick: (job: BoardJob) => void;
};

/**
 * The library's stylesheet, linked while a board is shown: a file of its own
 * (the CSP allows the site's own stylesheets, not inline styles), kept out of
 * the site's one stylesheet that every public page loads.
 */
function useCalendarStyles() {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = calendarCssUrl;
    link.dataset.for = 'dispatch-board';
    document.head.append(link);
    return () => link.remove();
  }, []);
}

/**
 * The board (issue 22): @event-calendar/core's resource timeline, one lane
 * per technician plus Unassigned, jobs as blocks at their times and the
 * drive before each as a lighter block. A job is dragged to another lane
 * (its time stays: only the technician changes), or, by keyboard, focused
 * and moved with the arrow keys or Enter for the technician list.
 */
export function BoardCalendar({ from, days, lanes, jobs, onMove, onPick }: Props) {
  useCalendarStyles();
  const host = useRef<HTMLDivElement>(null);
  const calendar = useRef<Calendar | null>(null);
  // What the calendar's callbacks read: the newest props, kept after each render.
  const latest = useRef({ jobs, lanes, onMove, onPick });
  useEffect(() => {
    latest.current = { jobs, lanes, onMove, onPick };
  });

  useEffect(() => {
    if (!host.current) return;
    const jobById = (id: string) => latest.current.jobs.find((j) => j._id === id);
    const ec = createCalendar(host.current, [ResourceTimeline, Interaction], {
      view: 'resourceTimelineDay',
      headerToolbar: { start: '', center: '', end: '' },
      height: 'auto',
      slotDuration: '00:30',
      slotWidth: 60,
      eventDurationEditable: false,
      // A job's block names the customer, the service and the state; a drive says how long it is.
      eventContent: (info) => {
        const lines = String(info.event.title).split('\n');
        return {
          domNodes: lines.map((text, i) => {
            const line = document.createElement(i === 0 ? 'strong' : 'span');
            line.className = 'board-block__line';
            line.textContent = text;
            return line;
          }),
        };
      },
      // Only the lane may change: a block dragged sideways stays where it was.
      dragConstraint: (info) =>
        info.event.start.getTime() === info.oldEvent.start.getTime() && info.newResource?.id !== UNASSIGNED,
      eventDrop: (info) => {
        const job = jobById(String(info.event.id));
        const technician = info.newResource ? technicianOf(String(info.newResource.id)) : null;
        if (!job || technician === null) return info.revert();
        latest.current.onMove(job, technician, info.revert);
      },
      eventDidMount: (info) => {
        const el = info.el;
        const job = jobById(String(info.event.id));
        // A drive's block is often too narrow for its words: they are its tooltip too.
        if (!job) return void (el.title = String(info.event.title));
        el.tabIndex = 0;
        el.setAttribute('role', 'button');
        el.dataset.job = job._id;
        el.setAttribute(
          'aria-label',
          `${job.customerName}, ${job.serviceName}, ${job.date} ${job.time}, ${laneName(latest.current.lanes, job.technician)}, ${job.state}. Enter to choose the technician, arrow up or down to move it.`,
        );
        el.addEventListener('keydown', (event) => {
          const current = jobById(String(info.event.id));
          if (!current) return;
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            latest.current.onPick(current);
          } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
            event.preventDefault();
            const order = latest.current.lanes.map((l) => l.number);
            const at = current.technician === null ? -1 : order.indexOf(current.technician);
            const next = order[event.key === 'ArrowUp' ? at - 1 : at + 1];
            if (next !== undefined) latest.current.onMove(current, next, () => undefined);
          }
        });
      },
    });
    calendar.current = ec;
    return () => {
      calendar.current = null;
      void destroyCalendar(ec);
    };
  }, []);

  useEffect(() => {
    const ec = calendar.current;
    if (!ec) return;
    const week = days > 1;
    // A week is a column a day (issue 30: seven days of hours side by side did not fit 1280 px), each
    // day's jobs listed with their times; a day is its hours, half an hour a slot, wide enough that a
    // 30-minute job shows its words (they wrap).
    ec.setOption('view', week ? 'resourceTimelineMonth' : 'resourceTimelineDay');
    ec.setOption('duration', { days });
    ec.setOption('date', from);
    if (week) {
      ec.setOption('slotDuration', { days: 1 });
      ec.setOption('slotWidth', 140);
    } else {
      const hours = hoursShown(jobs);
      ec.setOption('slotDuration', '00:30');
      ec.setOption('slotWidth', 96);
      ec.setOption('slotMinTime', hours.min);
      ec.setOption('slotMaxTime', hours.max);
    }
    ec.setOption('resources', [
      ...lanes.map((l) => ({ id: laneId(l.number), title: `${l.firstName} ${l.lastName}` })),
      { id: UNASSIGNED, title: 'Unassigned' },
    ]);
    ec.setOption('events', eventsOf(jobs, { week }));
  }, [from, days, lanes, jobs]);

  return <div ref={host} className="dispatch-board__calendar" data-testid="dispatch-board" />;
}
