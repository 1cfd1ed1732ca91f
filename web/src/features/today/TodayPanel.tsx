import { formatLongDate, today as todayDate } from '@app/core/time';
import { useQuery } from '@tanstack/react-query';
import { DaySteps } from '../../components/admin/DaySteps';
import { messageOf } from '../../lib/api';
import { todayQueryOptions } from '../../lib/dispatch';
import { BusyCalendarAlerts } from './components/BusyCalendarAlerts';
import { DayJobs } from './components/DayJobs';
import { WaitingLists } from './components/WaitingLists';
import './today.css';
import { ListState } from '../../components/ui/ListState';

type Props = { date?: string; onChange: (next: { date?: string }) => void };

/**
 * Today (issue 22): each technician's jobs of the day with their state, the
 * bookings no technician holds, and what waits on the shop: bookings to be
 * verified, work orders awaiting acknowledgment, declined charges. The admin
 * may step to another day (`/admin?date=`).
 */
export default function TodayPanel({ date, onChange }: Props) {
  const query = useQuery(todayQueryOptions(date));
  const shown = date ?? query.data?.date ?? todayDate();
  const isToday = shown === todayDate();
  return (
    <div className="today">
      <div className="today__day">
        <p className="today__date">
          <strong>{formatLongDate(shown)}</strong>
          {isToday ? ' (today)' : ''}
        </p>
        <DaySteps
          className="today__steps"
          from={shown}
          step={1}
          showToday={!isToday}
          onDate={(next) => onChange({ date: next })}
          labels={{ previous: 'Previous day', next: 'Next day' }}
        />
      </div>
      <ListState
        query={query}
        loading="Loading..."
        failed={messageOf(query.error, 'Could not load the day.')}
      >
        {(data) => (
          <>
            {!data.texts.on && (
              <p className="status-text" role="status" data-testid="texts-off">
                <strong>Texts are off.</strong> No number to send texts from is set
                (SMS_ORIGINATION_IDENTITY), so customers get every notice by email.
              </p>
            )}
            <BusyCalendarAlerts reply={data} />
            <DayJobs reply={data} />
            <WaitingLists reply={data} />
          </>
        )}
      </ListState>
    </div>
  );
}
