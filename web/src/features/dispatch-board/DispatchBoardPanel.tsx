import { addDays, formatLongDate, today } from '@app/core/time';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DaySteps } from '../../components/admin/DaySteps';
import { NoticeLine, useNotice } from '../../components/admin/notice';
import { messageOf } from '../../lib/api';
import { type BoardJob, boardQueryOptions, laneName } from '../../lib/dispatch';
import { useReassign } from '../../lib/reassign';
import { BoardCalendar } from './components/BoardCalendar';
import { ReassignDialog } from './components/ReassignDialog';
import './dispatch-board.css';
import { ListState } from '../../components/ui/ListState';

type View = 'day' | 'week';
type Props = { date?: string; view?: View; onChange: (next: { date?: string; view?: View }) => void };

/**
 * The dispatch board (issue 22, decision 081): a day or a week from `date`,
 * one lane per technician and one for the jobs no technician holds. Moving a
 * job asks the server (PUT /api/admin/bookings/:id/technician); its answer
 * decides: a refusal puts the block back and says why.
 */
export default function DispatchBoardPanel({ date, view = 'day', onChange }: Props) {
  const from = date ?? today();
  const days = view === 'week' ? 7 : 1;
  const board = useQuery(boardQueryOptions(from, days));
  const reassign = useReassign();
  const [picking, setPicking] = useState<BoardJob | null>(null);
  const { notice, success, error: failed, clear } = useNotice();

  const move = (job: BoardJob, technician: number, undo: () => void) => {
    if (technician === job.technician) return;
    const lanes = board.data?.technicians ?? [];
    clear();
    reassign.mutate(
      { bookingId: job._id, technician },
      {
        onSuccess: () => success(`${job.customerName}'s job is now with ${laneName(lanes, technician)}.`),
        onError: (error) => {
          undo();
          failed(
            `${job.customerName}'s job stays with ${laneName(lanes, job.technician)}: ${messageOf(error, 'the server refused the change.')}`,
          );
        },
      },
    );
  };

  return (
    <div className="dispatch-board">
      <div className="dispatch-board__controls">
        <p className="dispatch-board__range">
          <strong>
            {formatLongDate(from)}
            {days > 1 ? ` to ${formatLongDate(addDays(from, days - 1))}` : ''}
          </strong>
        </p>
        <div className="dispatch-board__buttons" role="group" aria-label="Board view">
          {(['day', 'week'] as const).map((v) => (
            <button
              key={v}
              type="button"
              className={v === view ? 'button' : 'button button--secondary'}
              aria-pressed={v === view}
              onClick={() => onChange({ view: v })}
            >
              {v === 'day' ? 'Day' : 'Week'}
            </button>
          ))}
        </div>
        <DaySteps
          className="dispatch-board__buttons"
          from={from}
          step={days}
          onDate={(next) => onChange({ date: next })}
          labels={{ previous: 'Previous', next: 'Next' }}
        />
      </div>
      <p className="dispatch-board__help">
        Drag a job to another technician&apos;s lane, or focus it and press Enter to choose the technician
        (arrow up or down moves it one lane). Times stay as booked.
      </p>
      <NoticeLine notice={notice} />
      <ListState
        query={board}
        loading="Loading..."
        failed={messageOf(board.error, 'Could not load the board.')}
      >
        {(data) => (
          <>
            <BoardCalendar
              from={from}
              days={days}
              lanes={data.technicians}
              jobs={data.jobs}
              onMove={move}
              onPick={setPicking}
            />
            {data.moreUnassigned && (
              <p className="status-text">
                More open bookings of these days are on the desk than the board shows.
              </p>
            )}
          </>
        )}
      </ListState>
      {picking && board.data && (
        <ReassignDialog
          job={picking}
          lanes={board.data.technicians}
          onClose={() => setPicking(null)}
          onChoose={(technician) => {
            const job = picking;
            setPicking(null);
            move(job, technician, () => undefined);
          }}
        />
      )}
    </div>
  );
}
