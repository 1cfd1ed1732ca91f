import { bookingMessages } from '@app/core/booking/rules';
import { formatTime } from '@app/core/time';
import { useQuery } from '@tanstack/react-query';
import { availabilityQueryOptions } from '../api';
import type { Place } from '../where';

type AvailableTimesProps = {
  serviceId: string;
  /** yyyy-MM-dd, already checked to be bookable. */
  date: string;
  /** Where the job is (issue 20); none: from the shop's base. */
  place?: Place;
  /** Logged in with a card on file: the times are buttons that continue. Otherwise they are only listed. */
  canBook: boolean;
  /** What the notice above asks for, when the customer cannot book yet. */
  cannotBookHint: string;
  onChoose: (time: string) => void;
};

const NO_TIMES = 'No times are available on this date. Please choose another day.';

/** The free times of the chosen date, as the business's clocks show them ('9:00 AM'). */
export function AvailableTimes({
  serviceId,
  date,
  place,
  canBook,
  cannotBookHint,
  onChoose,
}: AvailableTimesProps) {
  const { data, isPending, isError } = useQuery(availabilityQueryOptions(serviceId, date, place));

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
