import { WORK_ORDER_STATUSES, type WorkOrderStatus } from '@app/core/workorder/model';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmMutation, useConfirmation } from '../../../components/admin/ConfirmAction';
import { FormMessage } from '../../../components/ui/FormMessage';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { messageOf } from '../../../lib/api';
import { deleteWorkOrder, type ListQuery, listQueryOptions, workOrdersKey } from '../api';
import { PAGE_SIZE, statusLabel, workOrderMessages } from '../display';
import type { WorkOrderJson } from '../types';
import { WorkOrderRow } from './WorkOrderRow';
import type { Notice } from '../../../components/admin/notice';
import { ActionButton } from '../../../components/ui/ActionButton';

/** The status filter's choices: every status, or all of them (''). */
const statusOptions = [
  ['', 'All statuses'] as const,
  ...WORK_ORDER_STATUSES.map((status) => [status, statusLabel(status)] as const),
];

type WorkOrderManagerProps = {
  query: ListQuery;
  onQuery: (query: ListQuery) => void;
  onCreate: () => void;
  onEdit: (order: WorkOrderJson) => void;
  /** The outcome of the last step (a save in the form), shown above the list. */
  notice: Notice | null;
  onNotice: (notice: Notice | null) => void;
};

/**
 * The work-order manager (doc 2 §2, §4, §8): search, the status filter, 20 a
 * page, and per work order the coloured status dropdown, Email, PDF, the
 * acknowledgment link, Edit and Delete (after a confirmation).
 */
export function WorkOrderManager({
  query,
  onQuery,
  onCreate,
  onEdit,
  notice,
  onNotice,
}: WorkOrderManagerProps) {
  const queryClient = useQueryClient();
  const list = useQuery(listQueryOptions(query, PAGE_SIZE));
  const confirmation = useConfirmation<WorkOrderJson>();
  // The search and the status filter: their values start from the address's (query), and go back to it.
  const form = useForm({ defaultValues: { search: query.search, status: query.status } });
  // The status shown follows the address (Back, a link), as the list does.
  useEffect(() => form.setValue('status', query.status), [form, query.status]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: workOrdersKey });
  const remove = useMutation({
    mutationFn: (order: WorkOrderJson) => deleteWorkOrder(order._id),
    onMutate: () => onNotice(null),
    onSuccess: (_reply, order) => {
      onNotice({ tone: 'success', text: `Work order ${order.workOrderNumber} deleted.` });
      // The last one on a later page gone: show the page before.
      if (list.data?.workOrders.length === 1 && query.after.length > 0)
        onQuery({ ...query, after: query.after.slice(0, -1) });
    },
    onError: (error) => onNotice({ tone: 'error', text: messageOf(error, workOrderMessages.remove) }),
    onSettled: () => void refresh(),
  });

  const search = form.handleSubmit(({ search: text }) => {
    onQuery({ ...query, search: text, after: [] });
    void refresh();
  });

  const total = list.data?.total ?? 0;
  const page = query.after.length;
  const nextCursor = list.data?.cursor ?? null;
  // A search's total counts the matches found so far, plus one while more may follow.
  const open = query.search.trim() !== '' && nextCursor !== null;
  const pages = Math.max(page + 1, Math.ceil(total / PAGE_SIZE));
  const filtered = query.search.trim() !== '' || query.status !== '';

  return (
    <div className="wo-manager">
      <div className="wo-manager__bar">
        <form className="wo-manager__search" role="search" aria-label="Search work orders" onSubmit={search}>
          <TextField
            label="Search"
            type="search"
            placeholder="Number, customer, email, phone, vehicle or VIN"
            {...form.register('search')}
          />
          <SelectField
            label="Status"
            options={statusOptions}
            {...form.register('status', {
              onChange: (event: { target: { value: string } }) =>
                onQuery({
                  ...query,
                  search: form.getValues('search'),
                  status: event.target.value as WorkOrderStatus | '',
                  after: [],
                }),
            })}
          />
          <button type="submit" className="button button--secondary">
            Search
          </button>
        </form>
        <button type="button" className="button button--primary" onClick={onCreate}>
          New Work Order
        </button>
      </div>

      <div role="status" className="wo-manager__notice">
        {notice?.tone === 'success' && <p className="form-message form-message--success">{notice.text}</p>}
      </div>
      {notice?.tone === 'error' && <FormMessage tone="error">{notice.text}</FormMessage>}

      {list.isPending ? (
        <p className="status-text" role="status">
          Loading work orders...
        </p>
      ) : list.isError ? (
        <FormMessage tone="error">{messageOf(list.error, workOrderMessages.fetchList)}</FormMessage>
      ) : list.data.workOrders.length === 0 && nextCursor === null ? (
        <p className="status-text">
          {filtered ? 'No work orders match your search.' : 'No work orders yet.'}
        </p>
      ) : (
        <>
          <p className="wo-manager__count">
            {list.data.workOrders.length === 0
              ? 'No matches among the newest work orders; Next searches older ones.'
              : open
                ? `${total - 1} or more work orders`
                : total === 1
                  ? '1 work order'
                  : `${total} work orders`}
            {filtered && list.data.workOrders.length > 0 ? ' found' : ''}
          </p>
          <ul className="wo-manager__list">
            {list.data.workOrders.map((order) => (
              <li key={order._id}>
                <WorkOrderRow
                  order={order}
                  onEdit={() => onEdit(order)}
                  onDelete={() => confirmation.ask(order)}
                  onNotice={onNotice}
                />
              </li>
            ))}
          </ul>
          {(total > PAGE_SIZE || page > 0 || nextCursor !== null) && (
            <nav className="wo-manager__pages" aria-label="Work order pages">
              <ActionButton
                disabled={page === 0 || list.isFetching}
                onClick={() => onQuery({ ...query, after: query.after.slice(0, -1) })}
              >
                Previous
              </ActionButton>
              <span>{open ? `Page ${page + 1}` : `Page ${page + 1} of ${pages}`}</span>
              <ActionButton
                disabled={nextCursor === null || list.isFetching}
                onClick={() => nextCursor && onQuery({ ...query, after: [...query.after, nextCursor] })}
              >
                Next
              </ActionButton>
            </nav>
          )}
        </>
      )}

      <ConfirmMutation
        confirmation={confirmation}
        mutation={remove}
        title="Delete work order"
        confirmLabel="Delete Work Order"
        busyLabel="Deleting..."
      >
        {(order) => (
          <p>
            Are you sure you want to delete work order {order.workOrderNumber} for {order.customer.name}? This
            cannot be undone.
          </p>
        )}
      </ConfirmMutation>
    </div>
  );
}
