import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { messageOf } from '../../lib/api';
import { techniciansQueryOptions } from './api';
import { InviteTechnician } from './components/InviteTechnician';
import { TechnicianRow } from './components/TechnicianRow';
import './technicians.css';
import { ListState } from '../../components/ui/ListState';

/**
 * The admin's Technicians section (issue 22, decision 078): the crew with
 * their working days, hours and days off, an invitation for a new one, and
 * deactivation (they can no longer sign in or be offered; their jobs still
 * to come are listed to give to others).
 */
export default function TechniciansPanel({
  renderCalendar,
}: {
  /** A technician's own calendar address (issue 36), joined by the route: another feature's panel. */
  renderCalendar?: (technician: number) => ReactNode;
} = {}) {
  const query = useQuery(techniciansQueryOptions());
  return (
    <div className="technicians">
      <ListState
        query={query}
        loading="Loading..."
        failed={messageOf(query.error, 'Could not load the technicians.')}
        empty={(data) => data.length === 0 && 'No technicians yet: invite one below.'}
      >
        {(data) => (
          <ul className="technicians__list" aria-label="Technicians">
            {data.map((t) => (
              <TechnicianRow key={t.number} technician={t} renderCalendar={renderCalendar} />
            ))}
          </ul>
        )}
      </ListState>
      <InviteTechnician />
    </div>
  );
}
