import { ActionButton } from '../../../components/ui/ActionButton';
import { formatTime } from '@app/core/time';
import { formatDate } from '../../../lib/date';
import type { Slot } from '../api';
import { slotStatus } from '../display';

/** The time slots, one row each, with select, toggle and delete (booked slots have none). */
export function SlotTable({
  slots,
  selected,
  busy,
  onSelect,
  onToggle,
  onDelete,
}: {
  slots: Slot[];
  selected: ReadonlySet<string>;
  busy: boolean;
  onSelect: (slot: Slot, on: boolean) => void;
  onToggle: (slot: Slot) => void;
  onDelete: (slot: Slot) => void;
}) {
  return (
    <div className="slot-manager__table-wrap">
      <table className="slot-manager__table">
        <caption className="visually-hidden">Time slots</caption>
        <thead>
          <tr>
            <th scope="col">Select</th>
            <th scope="col">Date</th>
            <th scope="col">Time</th>
            <th scope="col">Service</th>
            <th scope="col">Status</th>
            <th scope="col">Booked by</th>
            <th scope="col">Notes</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {slots.map((slot) => (
            <SlotRow
              key={slot._id}
              slot={slot}
              selected={selected.has(slot._id)}
              busy={busy}
              onSelect={(on) => onSelect(slot, on)}
              onToggle={() => onToggle(slot)}
              onDelete={() => onDelete(slot)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SlotRow({
  slot,
  selected,
  busy,
  onSelect,
  onToggle,
  onDelete,
}: {
  slot: Slot;
  selected: boolean;
  busy: boolean;
  onSelect: (on: boolean) => void;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const status = slotStatus(slot);
  const label = `${formatDate(slot.date)} ${formatTime(slot.time)}`;
  return (
    <tr className={`slot-row slot-row--${status.toLowerCase()}`}>
      <td>
        <input
          type="checkbox"
          aria-label={`Select ${label}`}
          checked={selected}
          disabled={slot.isBooked}
          onChange={(e) => onSelect(e.target.checked)}
        />
      </td>
      <td>{formatDate(slot.date)}</td>
      <td>{formatTime(slot.time)}</td>
      <td>{slot.service?.name ?? 'Service removed'}</td>
      <td>
        <span className={`slot-status slot-status--${status.toLowerCase()}`}>{status}</span>
      </td>
      <td>{slot.booking ? `${slot.booking.clientFirstName} ${slot.booking.clientLastName}` : ''}</td>
      <td>{slot.notes}</td>
      <td className="slot-row__actions">
        {!slot.isBooked && (
          <>
            <ActionButton disabled={busy} onClick={onToggle} named={label}>
              {slot.isAvailable ? 'Make Unavailable' : 'Make Available'}
            </ActionButton>
            <ActionButton tone="danger" disabled={busy} onClick={onDelete} named={label}>
              Delete
            </ActionButton>
          </>
        )}
      </td>
    </tr>
  );
}
