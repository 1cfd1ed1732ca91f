import { ActionButton } from '../../../components/ui/ActionButton';
import { addDays, today } from '@app/core/time';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { NoticeLine, useNotice } from '../../../components/admin/notice';
import { formatPrice } from '../../../lib/format';
import { timeSlotKeys } from '../../../lib/shared-queries';
import { createServiceSlots, fetchSlotStats, type ServiceRow } from '../api';
import { factsOf } from '../../../components/ui/Fact';

const Fact = factsOf('service-manager');

/** Doc 2 §5's two Create Slots messages. */
export const NO_TIMES = 'No available times set for this service. Please add available times first.';
export const NO_DAYS = 'No available days set for this service. Please add available days first.';
/** Create Slots reaches today plus 30 days (doc 2 §9). */
const WINDOW_DAYS = 30;

export function ServiceCard({
  service,
  busy,
  onEdit,
  onDelete,
  onSlotsCreated,
}: {
  service: ServiceRow;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onSlotsCreated: () => Promise<unknown>;
}) {
  const titleId = useId();
  const stats = useQuery({
    queryKey: timeSlotKeys.ofService(service._id),
    queryFn: () => fetchSlotStats(service._id),
  });
  const slotNotice = useNotice();
  const createSlots = useMutation({
    mutationFn: createServiceSlots,
    onSuccess: (reply) => slotNotice.success(reply.msg),
    onError: (error) => slotNotice.failure(error, 'Failed to create time slots.'),
    onSettled: () => void onSlotsCreated(),
  });

  const onCreateSlots = () => {
    slotNotice.clear();
    if (service.availableTimes.length === 0) return slotNotice.error(NO_TIMES);
    if (service.availableDays.length === 0) return slotNotice.error(NO_DAYS);
    const start = today();
    createSlots.mutate({
      serviceId: service._id,
      availableTimes: service.availableTimes,
      availableDays: service.availableDays,
      startDate: start,
      endDate: addDays(start, WINDOW_DAYS),
      notes: '',
    });
  };

  return (
    <li className="card service-manager__card" aria-labelledby={titleId}>
      <h3 id={titleId}>{service.name}</h3>
      <p>{service.description}</p>
      <dl className="service-manager__facts">
        <Fact term="Price">{formatPrice(service.price)}</Fact>
        <Fact term="Duration">
          {typeof service.duration === 'number' ? `${service.duration} minutes` : service.duration}
        </Fact>
        <Fact term="Days">{service.availableDays.join(', ') || 'None set'}</Fact>
        <Fact term="Times">{service.availableTimes.join(', ') || 'None set'}</Fact>
        <Fact term="Time slots">
          {stats.data
            ? `${stats.data.total} total, ${stats.data.available} available, ${stats.data.booked} booked`
            : stats.isError
              ? 'Unavailable'
              : 'Loading...'}
        </Fact>
      </dl>
      <NoticeLine notice={slotNotice.notice} />
      <div className="service-manager__actions">
        <ActionButton onClick={onEdit} named={service.name}>
          Edit
        </ActionButton>
        <ActionButton
          disabled={createSlots.isPending}
          onClick={onCreateSlots}
          pending={createSlots.isPending}
          pendingLabel="Creating..."
          named={`for ${service.name}`}
        >
          Create Slots
        </ActionButton>
        <ActionButton tone="danger" disabled={busy} onClick={onDelete} named={service.name}>
          Delete
        </ActionButton>
      </div>
    </li>
  );
}
