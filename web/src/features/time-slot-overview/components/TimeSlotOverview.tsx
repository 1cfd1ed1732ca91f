import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Heading, type HeadingLevel } from '../../../components/ui/Heading';
import { systemStatsQueryOptions } from '../api';
import { groupThousands } from '../../../lib/format';
import '../timeslots.css';
import { AppLink } from '../../../lib/links';

const figures = [
  { key: 'totalSlots', label: 'Total Slots' },
  { key: 'availableSlots', label: 'Available' },
  { key: 'bookedSlots', label: 'Booked' },
  { key: 'servicesWithSlots', label: 'Services Active' },
] as const;

/**
 * Time-slot statistics for admins above the services list, with a link to the
 * admin dashboard. A failed fetch is only logged (doc 1 §8); the panel then
 * stays away.
 */
export default function TimeSlotOverview({ headingLevel }: { headingLevel: HeadingLevel }) {
  const { data, error } = useQuery(systemStatsQueryOptions());
  useEffect(() => {
    if (error) console.warn('Could not fetch the time-slot statistics:', error.message);
  }, [error]);
  if (!data) return null;

  return (
    <section className="card timeslot-overview" aria-labelledby="timeslot-overview-title">
      <div className="timeslot-overview__header">
        <Heading level={headingLevel} id="timeslot-overview-title">
          Time Slot Overview
        </Heading>
        <AppLink to="/admin" className="button button--secondary">
          Manage TimeSlots
        </AppLink>
      </div>
      <dl className="timeslot-overview__figures">
        {figures.map(({ key, label }) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{groupThousands(data[key])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
