import { BookingPhotoStrip } from '../../../components/booking/BookingPhotoStrip';
import { type ReactNode, useId } from 'react';
import { NO_PHONE, telHref } from '../../../lib/format';
import type { TechJob } from '../api';
import { formatTime } from '@app/core/time';
import { addressLine, clockOf, driveLine, stateOf, vehicleLine } from '../display';
import { JobActions, type JobActionsProps } from './JobActions';
import { TextThread } from '../../../components/texts/TextThread';
import { VehicleHistoryToggle } from '../../../components/vehicle/VehicleHistoryToggle';

/**
 * One job of the day (issue 22): start and drive, the address with its
 * Directions link and access notes, the customer with tap-to-call, the
 * vehicle, the service and the notes, where it stands, and its actions.
 */
export function JobCard({
  job,
  renderRecommended,
  ...actions
}: {
  job: TechJob;
  /** The vehicle's open recommended work (issue 33), handed in by the route. */
  renderRecommended?: (vehicleId: string) => ReactNode;
} & Omit<JobActionsProps, 'job'>) {
  const titleId = useId();
  const state = stateOf(job);
  const name = `${job.customer.firstName} ${job.customer.lastName}`.trim();
  return (
    <article className="tech-job" aria-labelledby={titleId} data-state={state}>
      <header className="tech-job__head">
        <h2 id={titleId} className="tech-job__title">
          <span className="tech-job__time">{formatTime(job.time)}</span> {job.serviceName}
        </h2>
        <span className="tech-job__state">{state}</span>
      </header>
      <p className="tech-job__drive">{driveLine(job)}</p>
      <dl className="tech-job__facts">
        <dt>Address</dt>
        <dd>
          {addressLine(job)}
          {job.directionsUrl && (
            <>
              {' '}
              <a
                className="tech-job__link"
                href={job.directionsUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                Directions
              </a>
            </>
          )}
        </dd>
        {job.serviceAddress?.accessNotes && (
          <>
            <dt>Access notes</dt>
            <dd className="tech-job__notes">{job.serviceAddress.accessNotes}</dd>
          </>
        )}
        <dt>Customer</dt>
        <dd>
          {job.customer.phone ? (
            <a className="tech-job__link" href={telHref(job.customer.phone)}>
              {name} · {job.customer.phone}
            </a>
          ) : (
            <>
              {name}
              <br />
              <span className="tech-job__missing">{NO_PHONE}</span>
            </>
          )}
        </dd>
        <dt>Vehicle</dt>
        <dd>{vehicleLine(job)}</dd>
        {job.notes && (
          <>
            <dt>Notes</dt>
            <dd className="tech-job__notes">{job.notes}</dd>
          </>
        )}
        {job.photos.length > 0 && (
          <>
            <dt>Photos</dt>
            <dd>
              <BookingPhotoStrip bookingId={job._id} photoIds={job.photos} />
            </dd>
          </>
        )}
        {progressText(job) && (
          <>
            <dt>Progress</dt>
            <dd>{progressText(job)}</dd>
          </>
        )}
      </dl>
      <VehicleHistoryToggle bookingId={job._id} />
      {job.vehicleId && renderRecommended?.(job.vehicleId)}
      <JobActions job={job} {...actions} />
      <TextThread bookingId={job._id} quietWhenEmpty />
    </article>
  );
}

/** 'On my way 8:40 AM · ETA 9:00 AM · Arrived 8:58 AM': the steps recorded, with their times. */
function progressText({ progress: p }: TechJob): string {
  return [
    p.onMyWayAt ? `On my way ${clockOf(p.onMyWayAt)}` : '',
    p.etaAt ? `ETA ${clockOf(p.etaAt)}` : '',
    p.arrivedAt ? `Arrived ${clockOf(p.arrivedAt)}` : '',
    p.startedAt ? `Started ${clockOf(p.startedAt)}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}
