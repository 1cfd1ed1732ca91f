import { today } from '@app/core/time';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { messageOf } from '../../../lib/api';
import { FocusedHeading } from '../../../components/ui/FocusedHeading';
import { useAuth } from '../../../lib/auth/store';
import { messagesResolver } from '../../../lib/forms';
import { useRevealStep } from '../../../lib/reveal';
import {
  type RescheduleBy,
  type RescheduleInfo,
  rescheduleQueryOptions,
  rescheduleTimesQueryOptions,
  useRescheduleMutation,
} from '../reschedule-api';
import { type RescheduleFields, validateReschedule } from '../validate';
import { AvailableTimes } from './AvailableTimes';
import { BookingCalendar } from './BookingCalendar';
import { longDate } from './BookingChoice';
import { CallUs, ConfirmMove, CurrentAppointment, Moved } from './RescheduleParts';

const LOAD_FAILED = 'Could not load your booking.';
const MOVE_FAILED = 'Could not move your booking. Please try again.';

/**
 * The reschedule page (issue 21): the booking as it is, then the booking
 * page's calendar and times (the times the booking can move to, at its
 * address), a confirm step, and the result. Past the notice hours it says to
 * call, with the number. Signed in as the owner, or by a reminder's link.
 */
export function RescheduleBooking({ by }: { by: RescheduleBy }) {
  const info = useQuery(rescheduleQueryOptions(by));
  const { user } = useAuth();
  // The choice (a date, then a time) is the form's; the confirm step submits it.
  const form = useForm<RescheduleFields>({ resolver: messagesResolver(validateReschedule) });
  const [date, time] = useWatch({ control: form.control, name: ['date', 'time'] });
  const setDate = (next: string) => form.setValue('date', next);
  const setTime = (next: string | undefined) => form.setValue('time', next);
  const [error, setError] = useState<string>();
  const move = useRescheduleMutation(by, (failure) => {
    setError(messageOf(failure, MOVE_FAILED));
    setTime(undefined);
  });

  if (info.isPending) {
    return (
      <p className="status-text" role="status">
        Loading your booking...
      </p>
    );
  }
  if (info.isError) {
    return (
      <p className="status-text status-text--error" role="alert">
        {messageOf(info.error, LOAD_FAILED)}
      </p>
    );
  }
  if (move.isSuccess) {
    return <Moved booking={move.data.booking} msg={move.data.msg} signedIn={!!user && !by.token} />;
  }
  const { booking, window } = info.data;
  return (
    <>
      <CurrentAppointment booking={booking} />
      {error && <MoveFailed msg={error} />}
      {!window.allowed ? (
        <CallUs msg={window.msg} />
      ) : date && time ? (
        <ConfirmMove
          date={date}
          time={time}
          busy={move.isPending}
          onConfirm={() =>
            void form.handleSubmit(() => {
              setError(undefined);
              move.mutate({ date, time });
            })()
          }
          onBack={() => setTime(undefined)}
        />
      ) : (
        <Choose
          by={by}
          window={window}
          availableDays={info.data.availableDays}
          date={date}
          onDate={setDate}
          onTime={setTime}
        />
      )}
    </>
  );
}

/** The booking page's calendar and time buttons, over the times this booking can move to. */
function Choose({
  by,
  window,
  availableDays,
  date,
  onDate,
  onTime,
}: {
  by: RescheduleBy;
  window: RescheduleInfo['window'];
  availableDays: RescheduleInfo['availableDays'];
  date: string | undefined;
  onDate: (date: string) => void;
  onTime: (time: string) => void;
}) {
  return (
    <div className="booking__schedule">
      <section className="card booking__panel" aria-labelledby="reschedule-date-title">
        <h2 id="reschedule-date-title">Choose a New Date</h2>
        <BookingCalendar
          availableDays={availableDays}
          today={today()}
          selected={date}
          onSelect={onDate}
          labelledBy="reschedule-date-title"
        />
        <p className="time-hint">You can move it online until {window.noticeHours} hours before it starts.</p>
      </section>
      <section className="card booking__panel" aria-labelledby="reschedule-time-title">
        <FocusedHeading level={2} id="reschedule-time-title" reveal={date}>
          Choose a New Time
        </FocusedHeading>
        {date ? (
          <>
            <p className="booking__chosen">{longDate(date)}</p>
            <AvailableTimes
              serviceId=""
              date={date}
              canBook
              cannotBookHint=""
              onChoose={onTime}
              options={rescheduleTimesQueryOptions(by, date)}
            />
          </>
        ) : (
          <p className="status-text">Choose a date to see the available times.</p>
        )}
      </section>
    </div>
  );
}

/** The move failed (the time was taken meanwhile): the reason, in view, and the calendar below it again. */
function MoveFailed({ msg }: { msg: string }) {
  const ref = useRevealStep<HTMLParagraphElement>(msg);
  return (
    <p ref={ref} tabIndex={-1} className="status-text status-text--error" role="alert">
      {msg}
    </p>
  );
}
