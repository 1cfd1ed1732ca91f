import { formatTime, localOf } from '@app/core/time';
import { Link } from '@tanstack/react-router';
import { type BoardJob, type TodayReply } from '../../../lib/dispatch';

/** "Arrived 10:04" for a job's state, with the time of the step when the technician recorded one. */
function stateText(job: BoardJob): string {
  // In the business zone, as every time of the shop is (not the browser's zone).
  const at = (iso: string | null) => (iso ? ` ${formatTime(localOf(iso).time)}` : '');
  switch (job.state) {
    case 'Started':
      return `Started${at(job.progress.startedAt)}`;
    case 'Arrived':
      return `Arrived${at(job.progress.arrivedAt)}`;
    case 'On my way':
      return `On my way${job.progress.etaAt ? `, ETA${at(job.progress.etaAt)}` : ''}`;
    default:
      return job.state;
  }
}

const stateClass = (job: BoardJob) => `job-state job-state--${job.state.toLowerCase().replaceAll(' ', '-')}`;

function JobItem({ job }: { job: BoardJob }) {
  return (
    <li className="today-job" data-testid="today-job">
      <span className="today-job__time">{formatTime(job.time)}</span>
      <span className="today-job__what">
        <strong>{job.customerName}</strong> · {job.serviceName}
        {job.vehicle ? ` · ${job.vehicle}` : ''}
        {job.address && <span className="today-job__address">{job.address}</span>}
        {job.driveMinutes !== null && (
          <span className="today-job__drive">{job.driveMinutes} min drive before</span>
        )}
      </span>
      <span className={stateClass(job)}>{stateText(job)}</span>
    </li>
  );
}

/** Each technician's jobs of the day in route order, then the ones no technician holds. */
export function DayJobs({ reply }: { reply: TodayReply }) {
  const unassigned = reply.jobs.filter((j) => j.technician === null);
  return (
    <div className="today__lanes">
      {reply.technicians.map((lane) => {
        const jobs = reply.jobs.filter((j) => j.technician === lane.number);
        const name = `${lane.firstName} ${lane.lastName}`;
        return (
          <section key={lane.number} className="today-lane" aria-label={name}>
            <h3 className="today-lane__name">
              {name}{' '}
              <span className="today-lane__count">
                ({jobs.length === 1 ? '1 job' : `${jobs.length} jobs`})
              </span>
            </h3>
            {jobs.length === 0 ? (
              <p className="status-text">No jobs.</p>
            ) : (
              <ol className="today-lane__jobs">
                {jobs.map((job) => (
                  <JobItem key={job._id} job={job} />
                ))}
              </ol>
            )}
          </section>
        );
      })}
      <section className="today-lane" aria-label="Unassigned">
        <h3 className="today-lane__name">Unassigned</h3>
        {unassigned.length === 0 ? (
          <p className="status-text">Every booking of the day has a technician.</p>
        ) : (
          <>
            <ol className="today-lane__jobs">
              {unassigned.map((job) => (
                <JobItem key={job._id} job={job} />
              ))}
            </ol>
            <p>
              <Link to="/admin" search={{ section: 'board', date: reply.date }}>
                Assign on the dispatch board
              </Link>
            </p>
          </>
        )}
        {reply.moreUnassigned && (
          <p className="status-text">More open bookings of the day are on the desk.</p>
        )}
      </section>
    </div>
  );
}
