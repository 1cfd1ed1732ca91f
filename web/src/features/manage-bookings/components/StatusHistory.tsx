import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { historyQueryOptions } from '../api';
import { changeText, changeTime } from '../display';
import type { AdminBooking } from '../types';

/**
 * The audit trail (statusHistory), folded away: who moved the booking from
 * what to what, and when. Not in the list's reply: read when opened.
 */
export function StatusHistory({ booking }: { booking: AdminBooking }) {
  const [open, setOpen] = useState(false);
  const history = useQuery({ ...historyQueryOptions(booking._id), enabled: open });
  return (
    <details className="desk-card__history" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Status history</summary>
      {history.isPending ? (
        open && <p className="desk-card__muted">Loading history...</p>
      ) : history.isError ? (
        <p className="desk-card__muted" role="alert">
          Could not load the status history.
        </p>
      ) : history.data.length === 0 ? (
        <p className="desk-card__muted">No status changes recorded.</p>
      ) : (
        <ol>
          {[...history.data].reverse().map((change) => (
            <li key={`${change.at}-${change.to}`}>
              <span>{changeText(change)}</span>
              <time dateTime={change.at} className="desk-card__muted">
                {changeTime(change)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
