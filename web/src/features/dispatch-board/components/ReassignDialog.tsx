import { formatTime } from '@app/core/time';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog } from '../../../components/ui/Dialog';
import { type BoardJob, type Lane, laneName } from '../../../lib/dispatch';

type Props = {
  job: BoardJob;
  lanes: Lane[];
  onChoose: (technician: number) => void;
  onClose: () => void;
};

/** The keyboard's way to reassign (and the picker for anyone): the job, and the technicians to give it to. */
export function ReassignDialog({ job, lanes, onChoose, onClose }: Props) {
  const fieldId = useId();
  const others = lanes.filter((l) => l.number !== job.technician && l.active);
  const form = useForm({ defaultValues: { technician: String(others[0]?.number ?? '') } });
  return (
    <Dialog title="Reassign job" onClose={onClose}>
      <p>
        {job.customerName}, {job.serviceName}, {job.date} at {formatTime(job.time)}: now with{' '}
        {laneName(lanes, job.technician)}.
      </p>
      {others.length === 0 ? (
        <p className="status-text">No other technician to give it to.</p>
      ) : (
        <form
          onSubmit={form.handleSubmit(({ technician }) => {
            if (technician) onChoose(Number(technician));
          })}
        >
          <label htmlFor={fieldId}>Technician</label>
          <select id={fieldId} {...form.register('technician')} data-autofocus>
            {others.map((l) => (
              <option key={l.number} value={l.number}>
                {l.firstName} {l.lastName}
              </option>
            ))}
          </select>
          <div className="dialog__actions">
            <button type="submit" className="button">
              Reassign
            </button>
            <button type="button" className="button button--secondary" onClick={onClose}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
