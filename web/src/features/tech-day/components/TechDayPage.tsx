import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { FormMessage } from '../../../components/ui/FormMessage';
import { messageOf } from '../../../lib/api';
import { type TechJob, techDayQuery } from '../api';
import { clockOf, dayHeading, techMessages } from '../display';
import { useOnline } from '../online';
import { JobCard } from './JobCard';
import '../tech-day.css';

export type TechDayPageProps = {
  userId: string;
  /** Today's and tomorrow's dates in the business zone, and the one shown. */
  today: string;
  tomorrow: string;
  date: string;
  /** An admin views a technician's day by number; a technician sees their own. */
  technician?: number;
  onDate: (date: string) => void;
  /** The work order of a job, in place of the day (the route joins the work-order form). */
  renderWorkOrder: (job: TechJob, close: () => void) => ReactNode;
  /** Shown under the day (the route joins the Calendar card, issue 36). */
  footer?: ReactNode;
  /** A job's vehicle's open recommended work (issue 33), from its feature. */
  renderRecommended?: (vehicleId: string) => ReactNode;
};

/**
 * /tech (issue 22, decision 079): the day's jobs in route order, tomorrow one
 * tap away. Without signal the last sync stays readable and the actions are
 * off, with a banner saying so.
 */
export function TechDayPage({
  userId,
  today,
  tomorrow,
  date,
  technician,
  onDate,
  renderWorkOrder,
  footer,
  renderRecommended,
}: TechDayPageProps) {
  const online = useOnline();
  const queryClient = useQueryClient();
  const day = useQuery(techDayQuery(userId, date, technician));
  const [workOrderOf, setWorkOrderOf] = useState<TechJob | null>(null);

  // Tomorrow is fetched too while online, so it is readable offline as well.
  useEffect(() => {
    if (online)
      void queryClient.prefetchQuery(techDayQuery(userId, date === today ? tomorrow : today, technician));
  }, [online, queryClient, userId, date, today, tomorrow, technician]);

  if (workOrderOf) {
    return <>{renderWorkOrder(workOrderOf, () => setWorkOrderOf(null))}</>;
  }

  const synced = day.data;
  const fromCache = synced?.fromCache ?? false;
  const enabled = online && !fromCache;
  const who = synced?.day.technician;
  return (
    <div className="tech">
      <h1 className="tech__title">
        {technician !== undefined && who ? `${who.firstName} ${who.lastName}'s day` : 'My day'}
      </h1>
      <p className="tech__date">{dayHeading(date)}</p>
      <nav className="tech__days" aria-label="Day">
        {[
          { value: today, label: 'Today' },
          { value: tomorrow, label: 'Tomorrow' },
        ].map(({ value, label }) => (
          <button
            key={value}
            type="button"
            className={`tech__day${value === date ? ' tech__day--current' : ''}`}
            aria-pressed={value === date}
            onClick={() => onDate(value)}
          >
            {label}
          </button>
        ))}
      </nav>
      {(!online || fromCache) && (
        <p className="tech__banner" role="status">
          {online ? techMessages.stale : techMessages.offline}
          {synced && ` Last synced at ${clockOf(synced.syncedAt)}.`}
        </p>
      )}
      {day.isPending && <p className="status-text">Loading your day...</p>}
      {day.isError && <FormMessage tone="error">{messageOf(day.error, techMessages.failed)}</FormMessage>}
      {synced && synced.day.jobs.length === 0 && <p className="status-text">{techMessages.noJobs}</p>}
      {synced && synced.day.jobs.length > 0 && (
        <ol className="tech__jobs" aria-label={`Jobs on ${synced.day.date}`}>
          {synced.day.jobs.map((job) => (
            <li key={job._id}>
              <JobCard
                job={job}
                enabled={enabled}
                onWorkOrder={setWorkOrderOf}
                renderRecommended={renderRecommended}
              />
            </li>
          ))}
        </ol>
      )}
      {footer}
    </div>
  );
}
