import { formatInstant } from '@app/core/time';
import type { TodayReply } from '../../../lib/dispatch';

/**
 * Technicians' own calendar addresses whose reads fail (issue 36, decision
 * 119): who, why and since when, until a read succeeds. Their busy times
 * stay as last read (or none, never read); the admin fixes the address in
 * Technicians → Own calendar.
 */
export function BusyCalendarAlerts({ reply }: { reply: TodayReply }) {
  if (reply.busyCalendars.length === 0) return null;
  return (
    <section className="today-list today__calendars" aria-label="Calendars that cannot be read" role="status">
      <h3 className="today-list__title">Calendars that cannot be read</h3>
      <ul className="today-list__items">
        {reply.busyCalendars.map((c) => (
          <li key={c.technician}>
            <strong>
              {c.firstName} {c.lastName}
            </strong>{' '}
            · {c.error} · since {formatInstant(c.failedAt)} ·{' '}
            {c.readAt ? `busy times as read at ${formatInstant(c.readAt)}` : 'no busy time read yet'} ·{' '}
            <code>{c.masked}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
