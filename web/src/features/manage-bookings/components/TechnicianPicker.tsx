import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { boardQueryOptions } from '../../../lib/dispatch';
import { useReassign } from '../../../lib/reassign';
import type { AdminBooking } from '../types';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { FailureMessage } from '../../../components/ui/FailureMessage';

const CLOSED = new Set(['Completed', 'Cancelled']);

/**
 * The card's technician (issue 22), and for an open booking a picker to give
 * it to another: the technicians of its day are read when the admin opens it;
 * the server decides (409 `{ msg }`: why it does not fit, shown here).
 */
export function TechnicianPicker({ booking, describedBy }: { booking: AdminBooking; describedBy: string }) {
  const [open, setOpen] = useState(false);
  const form = useForm({ defaultValues: { technician: '' } });
  const { field: choice } = useController({ control: form.control, name: 'technician' });
  const fieldId = useId();
  const lanes = useQuery({ ...boardQueryOptions(booking.date, 1), enabled: open });
  const reassign = useReassign();
  const current = booking.technician;
  const others = (lanes.data?.technicians ?? []).filter((l) => l.active && l.number !== current?.number);
  // Until the admin picks one, the first technician of the list is the choice.
  const picked = choice.value || String(others[0]?.number ?? '');

  return (
    <div className="desk-card__technician">
      <p>
        <strong>Technician:</strong> {current ? `${current.firstName} ${current.lastName}` : 'Unassigned'}{' '}
        {!open && !CLOSED.has(booking.status) && (
          <button
            type="button"
            className="button button--secondary"
            aria-describedby={describedBy}
            onClick={() => {
              reassign.reset();
              setOpen(true);
            }}
          >
            Change technician
          </button>
        )}
      </p>
      {open && (
        <form
          className="desk-card__actions"
          onSubmit={form.handleSubmit(() => {
            if (!picked) return;
            reassign.mutate(
              { bookingId: booking._id, technician: Number(picked) },
              { onSuccess: () => setOpen(false) },
            );
          })}
        >
          {lanes.isPending ? (
            <span className="status-text">Loading technicians...</span>
          ) : others.length === 0 ? (
            <span className="status-text">No other technician.</span>
          ) : (
            <>
              <label htmlFor={fieldId}>Give to</label>{' '}
              <select id={fieldId} {...choice} value={picked}>
                {others.map((l) => (
                  <option key={l.number} value={l.number}>
                    {l.firstName} {l.lastName}
                  </option>
                ))}
              </select>{' '}
              <SubmitButton className="button" busy={reassign.isPending} busyLabel="Reassigning...">
                Reassign
              </SubmitButton>
            </>
          )}{' '}
          <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
            Cancel
          </button>
        </form>
      )}
      <FailureMessage error={reassign.error} fallback="Could not reassign the booking." />
    </div>
  );
}
