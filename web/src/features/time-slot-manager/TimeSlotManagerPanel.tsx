import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmMutation, useConfirmation } from '../../components/admin/ConfirmAction';
import { NoticeLine, useNotice } from '../../components/admin/notice';
import { FormMessage } from '../../components/ui/FormMessage';
import { messageOf } from '../../lib/api';
import { refreshAfterSlotChange, timeSlotKeys } from '../../lib/shared-queries';
import { deleteSlot, deleteSlots, fetchSlots, fetchStatistics, type SlotFilters, setAvailable } from './api';
import { BulkSlotForm } from './components/BulkSlotForm';
import { SingleSlotForm } from './components/SingleSlotForm';
import { SlotFiltersFields } from './components/SlotFiltersFields';
import { SlotTable } from './components/SlotTable';
import './time-slot-manager.css';
import { factsOf } from '../../components/ui/Fact';

/** A statistic: a figure tile (styles/pages.css). */
const Stat = factsOf('figure');

/** Rows shown at first, and added by 'Show More' (the server sends up to 500 a request). */
const PAGE = 50;

const noFilters: SlotFilters = { serviceId: '', startDate: '', endDate: '', isAvailable: '', isBooked: '' };

/**
 * The Time Slot Manager (doc 2 §2, §4, §5, §8): statistics, filters, the
 * single (optionally recurring) and bulk forms, and the list with toggle,
 * delete and bulk delete. Booked slots cannot be toggled, selected or deleted.
 */
export default function TimeSlotManagerPanel() {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<SlotFilters>(noFilters);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const confirmation = useConfirmation<string[]>();
  const notice = useNotice();
  const [shown, setShown] = useState(PAGE);

  const slots = useQuery({ queryKey: timeSlotKeys.list(filters), queryFn: () => fetchSlots(filters) });
  const stats = useQuery({ queryKey: timeSlotKeys.statistics(), queryFn: fetchStatistics });

  const refresh = async () => {
    await refreshAfterSlotChange(queryClient);
  };

  const toggle = useMutation({
    mutationFn: setAvailable,
    onSuccess: () => notice.clear(),
    onError: (error) => notice.failure(error, 'Error updating time slot'),
    onSettled: () => void refresh(),
  });

  const remove = useMutation({
    mutationFn: async (ids: string[]) =>
      ids.length === 1 && ids[0] ? { msg: (await deleteSlot(ids[0])).msg } : deleteSlots(ids),
    onSuccess: (reply) => {
      setSelected(new Set());
      notice.success(reply.msg);
    },
    onError: (error, ids) =>
      notice.failure(error, ids.length === 1 ? 'Error deleting time slot' : 'Error deleting time slots'),
    onSettled: () => void refresh(),
  });

  const list = slots.data?.timeSlots ?? [];
  const selectable = list.slice(0, shown).filter((slot) => !slot.isBooked);
  const allSelected = selectable.length > 0 && selectable.every((slot) => selected.has(slot._id));

  const setFilter = (name: keyof SlotFilters, value: string) => {
    setSelected(new Set());
    setShown(PAGE);
    setFilters((current) => ({ ...current, [name]: value }));
  };

  return (
    <div className="slot-manager">
      <section aria-labelledby="slot-stats-title">
        <h3 id="slot-stats-title">Statistics</h3>
        {stats.data && (
          <dl className="slot-manager__stats">
            <Stat term="Total Slots">{stats.data.totalSlots}</Stat>
            <Stat term="Available">{stats.data.availableSlots}</Stat>
            <Stat term="Booked">{stats.data.bookedSlots}</Stat>
            <Stat term="Utilization">{stats.data.utilizationRate}%</Stat>
          </dl>
        )}
      </section>

      <div className="slot-manager__forms">
        <SingleSlotForm onDone={refresh} />
        <BulkSlotForm onDone={refresh} />
      </div>

      <section aria-labelledby="slot-list-title">
        <h3 id="slot-list-title">Time Slots</h3>
        <SlotFiltersFields
          filters={filters}
          onChange={setFilter}
          onClear={() => {
            setSelected(new Set());
            setShown(PAGE);
            setFilters(noFilters);
          }}
        />

        <NoticeLine notice={notice.notice} />
        {slots.isError && (
          <FormMessage tone="error">{messageOf(slots.error, 'Error fetching time slots')}</FormMessage>
        )}
        {slots.isPending && <p className="status-text">Loading time slots...</p>}

        {slots.isSuccess && (
          <>
            <div className="slot-manager__bulk-actions">
              <label className="check">
                <input
                  type="checkbox"
                  checked={allSelected}
                  disabled={selectable.length === 0}
                  onChange={() =>
                    setSelected(allSelected ? new Set() : new Set(selectable.map((slot) => slot._id)))
                  }
                />
                Select all unbooked
              </label>
              <button
                type="button"
                className="button button--danger"
                disabled={selected.size === 0 || remove.isPending}
                onClick={() => confirmation.ask([...selected])}
              >
                Delete Selected ({selected.size})
              </button>
            </div>
            {list.length === 0 ? (
              <p className="status-text">No time slots found.</p>
            ) : (
              <SlotTable
                slots={list.slice(0, shown)}
                selected={selected}
                busy={toggle.isPending || remove.isPending}
                onSelect={(slot, on) =>
                  setSelected((current) => {
                    const next = new Set(current);
                    if (on) next.add(slot._id);
                    else next.delete(slot._id);
                    return next;
                  })
                }
                onToggle={(slot) => toggle.mutate({ id: slot._id, isAvailable: !slot.isAvailable })}
                onDelete={(slot) => confirmation.ask([slot._id])}
              />
            )}
            {list.length > shown && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setShown(shown + PAGE)}
              >
                Show {Math.min(PAGE, list.length - shown)} More
              </button>
            )}
            {slots.data.cursor && list.length <= shown && (
              <p className="status-text">
                Showing the first {list.length} time slots. Narrow the dates or the service to see the others.
              </p>
            )}
          </>
        )}
      </section>

      <ConfirmMutation
        confirmation={confirmation}
        mutation={remove}
        title="Delete time slots"
        confirmLabel="Delete"
      >
        {(ids) => (
          <p>
            {ids.length === 1
              ? 'Are you sure you want to delete this time slot?'
              : `Are you sure you want to delete ${ids.length} time slots?`}
          </p>
        )}
      </ConfirmMutation>
    </div>
  );
}
