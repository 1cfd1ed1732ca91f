import { bookingMessages } from '@app/core/booking/rules';
import { formatTime } from '@app/core/time';
import { useQuery } from '@tanstack/react-query';
import { availabilityQueryOptions, fetchAvailability } from '../api';
import type { Availability } from '../types';
import type { Place } from '../where';

type AvailableTimesProps = {
  serviceId: string;
  /** yyyy-MM-dd, already checked to be bookable. */
  date: string;
  /** Where the job is (issue 20); none: from the shop's base. */
  place?: Place;
  /** The vehicle class and add-ons as the API's query (issue 34): the times that fit the job's length. */
  choice?: Record<string, string>;
  /** Logged in with a card on file: the times are buttons that continue. Otherwise they are only listed. */
  canBook: boolean;
  /** What the notice above asks for, when the customer cannot book yet. */
  cannotBookHint: string;
  onChoose: (time: string) => void;
  /** Where the times come from instead of the service's availability (the reschedule page's own times). */
  options?: TimesQuery;
};

/** A query of times: the service's availability, or the reschedule page's own. */
type TimesQuery = { queryKey: readonly unknown[]; queryFn: () => Promise<Availability>; staleTime?: number };

const NO_TIMES = 'No times are available on this date. Please choose another day.';

/** The free times of the chosen date, as the business's clocks show them ('9:00 AM'). */
export function AvailableTimes({
  serviceId,
  date,
  place,
  choice,
  canBook,
  cannotBookHint,
  onChoose,
  options,
}: AvailableTimesProps) {
  const service = availabilityQueryOptions(serviceId, date, place, choice);
  const { data, isPending, isError } = useQuery<Availability, Error, Availability, readonly unknown[]>(
    options ?? {
      queryKey: service.queryKey,
      queryFn: () => fetchAvailability(serviceId, date, place, choice),
      staleTime: 15_000,
    },
  );

  if (isPending) {
    return (
      <p className="status-text" role="status">
        Loading available times...
      </p>
    );
  }
  if (isError) {
    return (
      <p className="status-text status-text--error" role="alert">
        {bookingMessages.timesLoadFailed}
      </p>
    );
  }
  if (data.times.length === 0) {
    return (
      <p className="status-text" role="status">
        {data.message || NO_TIMES}
      </p>
    );
  }
  if (!canBook) {
    return (
      <>
        <ul className="time-list" aria-label="Available times">
          {data.times.map((time) => (
            <li key={time}>{formatTime(time)}</li>
          ))}
        </ul>
        <p className="time-hint">{cannotBookHint}</p>
      </>
    );
  }
  return (
    <ul className="time-grid" aria-label="Available times">
      {data.times.map((time) => (
        <li key={time}>
          <button
            type="button"
            className="button button--secondary time-grid__button"
            onClick={() => onChoose(time)}
          >
            {formatTime(time)}
          </button>
        </li>
      ))}
    </ul>
  );
}
