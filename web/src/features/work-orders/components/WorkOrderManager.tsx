import { formatInstant } from '@app/core/time';
import { WORK_ORDER_STATUSES, type WorkOrderStatus } from '@app/core/workorder/model';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { FormMessage } from '../../../components/ui/FormMessage';
import { formatPrice } from '../../../lib/format';
import { messageOf } from '../../../lib/api';
import { replyField } from '../../../lib/api';
import {
  deleteWorkOrder,
  downloadWorkOrderPdf,
  emailWorkOrder,
  generateAcknowledgment,
  type ListQuery,
  listQueryOptions,
  setWorkOrderStatus,
  workOrdersKey,
} from '../api';
import {
  acknowledgmentState,
  alreadyAcknowledgedText,
  emailState,
  PAGE_SIZE,
  statusLabel,
  vehicleLine,
  workOrderMessages,
} from '../display';
import type { WorkOrderJson } from '../types';
import { StatusSelect } from './StatusSelect';

type Notice = { tone: 'success' | 'error'; text: string } | null;

type WorkOrderManagerProps = {
  query: ListQuery;
  onQuery: (query: ListQuery) => void;
  onCreate: () => void;
  onEdit: (order: WorkOrderJson) => void;
  /** The outcome of the last step (a save in the form), shown above the list. */
  notice: Notice;
  onNotice: (notice: Notice) => void;
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
  const [deleting, setDeleting] = useState<WorkOrderJson | null>(null);
  const [searchText, setSearchText] = useState(query.search);
  const searchId = useId();
  const filterId = useId();

  const refresh = () => queryClient.invalidateQueries({ queryKey: workOrdersKey });
  const remove = useMutation({
    mutationFn: (order: WorkOrderJson) => deleteWorkOrder(order._id),
    onMutate: () => onNotice(null),
    onSuccess: (_reply, order) => {
      setDeleting(null);
      onNotice({ tone: 'success', text: `Work order ${order.workOrderNumber} deleted.` });
      // The last one on a later page gone: show the page before.
      if (list.data?.workOrders.length === 1 && query.after.length > 0)
        onQuery({ ...query, after: query.after.slice(0, -1) });
    },
    onError: (error) => {
      setDeleting(null);
      onNotice({ tone: 'error', text: messageOf(error, workOrderMessages.remove) });
    },
    onSettled: () => void refresh(),
  });

  const search = (event: FormEvent) => {
    event.preventDefault();
    onQuery({ ...query, search: searchText, after: [] });
    void refresh();
  };

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
          <div className="field">
            <label htmlFor={searchId}>Search</label>
            <input
              id={searchId}
              className="input"
              type="search"
              value={searchText}
              placeholder="Number, customer, email, phone, vehicle or VIN"
              onChange={(event) => setSearchText(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={filterId}>Status</label>
            <select
              id={filterId}
              className="select"
              value={query.status}
              onChange={(event) =>
                onQuery({
                  ...query,
                  search: searchText,
                  status: event.target.value as WorkOrderStatus | '',
                  after: [],
                })
              }
            >
              <option value="">All statuses</option>
              {WORK_ORDER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {statusLabel(status)}
                </option>
              ))}
            </select>
          </div>
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
      ) : list.data.workOrders.length === 0 ? (
        <p className="status-text">
          {filtered ? 'No work orders match your search.' : 'No work orders yet.'}
        </p>
      ) : (
        <>
          <p className="wo-manager__count">
            {open
              ? `${total - 1} or more work orders`
              : total === 1
                ? '1 work order'
                : `${total} work orders`}
            {filtered ? ' found' : ''}
          </p>
          <ul className="wo-manager__list">
            {list.data.workOrders.map((order) => (
              <li key={order._id}>
                <WorkOrderRow
                  order={order}
                  onEdit={() => onEdit(order)}
                  onDelete={() => setDeleting(order)}
                  onNotice={onNotice}
                />
              </li>
            ))}
          </ul>
          {(total > PAGE_SIZE || page > 0 || nextCursor !== null) && (
            <nav className="wo-manager__pages" aria-label="Work order pages">
              <button
                type="button"
                className="button button--secondary"
                disabled={page === 0 || list.isFetching}
                onClick={() => onQuery({ ...query, after: query.after.slice(0, -1) })}
              >
                Previous
              </button>
              <span>{open ? `Page ${page + 1}` : `Page ${page + 1} of ${pages}`}</span>
              <button
                type="button"
                className="button button--secondary"
                disabled={nextCursor === null || list.isFetching}
                onClick={() => nextCursor && onQuery({ ...query, after: [...query.after, nextCursor] })}
              >
                Next
              </button>
            </nav>
          )}
        </>
      )}

      {deleting && (
        <ConfirmDialog
          title="Delete work order"
          confirmLabel="Delete Work Order"
          busyLabel="Deleting..."
          busy={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
          onKeep={() => setDeleting(null)}
        >
          <p>
            Are you sure you want to delete work order {deleting.workOrderNumber} for {deleting.customer.name}
            ? This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function WorkOrderRow({
  order,
  onEdit,
  onDelete,
  onNotice,
}: {
  order: WorkOrderJson;
  onEdit: () => void;
  onDelete: () => void;
  onNotice: (notice: Notice) => void;
}) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const statusId = useId();
  const refresh = () => queryClient.invalidateQueries({ queryKey: workOrdersKey });
  const fail = (text: string) => onNotice({ tone: 'error', text });

  const status = useMutation({
    mutationFn: (next: WorkOrderStatus) => setWorkOrderStatus(order._id, next),
    onMutate: () => onNotice(null),
    onSuccess: (updated) =>
      onNotice({
        tone: 'success',
        text: `${updated.workOrderNumber} is now ${statusLabel(updated.status)}.`,
      }),
    onError: (error) => fail(messageOf(error, workOrderMessages.status)),
    onSettled: () => void refresh(),
  });
  const email = useMutation({
    mutationFn: () => emailWorkOrder(order._id),
    onMutate: () => onNotice(null),
    onSuccess: () =>
      onNotice({
        tone: 'success',
        text: `Work order ${order.workOrderNumber} emailed to ${order.customer.email}.`,
      }),
    onError: (error) => fail(messageOf(error, workOrderMessages.send)),
    onSettled: () => void refresh(),
  });
  const pdf = useMutation({
    mutationFn: () => downloadWorkOrderPdf(order),
    onMutate: () => onNotice(null),
    onError: (error) => fail(messageOf(error, workOrderMessages.pdf)),
  });
  const link = useMutation({
    mutationFn: () => generateAcknowledgment(order._id),
    onMutate: () => onNotice(null),
    onSuccess: (reply) =>
      onNotice({
        tone: 'success',
        text: `Acknowledgment link for ${order.workOrderNumber} sent to ${order.customer.email}; it expires ${formatInstant(reply.tokenExpiresAt)}.`,
      }),
    onError: (error) => {
      const message = messageOf(error, '');
      // Already acknowledged (doc 2 §4, §8): say when, and show the list as it is now.
      if (message.includes('already been acknowledged'))
        return fail(alreadyAcknowledgedText(replyField(error, 'acknowledgmentDate'), message));
      fail(messageOf(error, workOrderMessages.link));
    },
    onSettled: () => void refresh(),
  });
  const hasEmail = order.customer.email.trim() !== '';
  const busy = status.isPending || email.isPending || link.isPending;

  return (
    <article className="card wo-row" aria-labelledby={titleId} data-work-order={order.workOrderNumber}>
      <header className="wo-row__header">
        <h3 id={titleId} className="wo-row__title">
          {order.workOrderNumber}
          <span className="wo-row__customer"> · {order.customer.name}</span>
        </h3>
        <div className="wo-row__status">
          <label htmlFor={statusId}>Status</label>
          <StatusSelect
            id={statusId}
            value={status.isPending ? status.variables : order.status}
            disabled={status.isPending}
            onChange={(next) => status.mutate(next)}
          />
        </div>
      </header>
      <dl className="wo-row__facts">
        <Fact term="Vehicle">{vehicleLine(order.vehicle)}</Fact>
        <Fact term="Service">{order.serviceDetails.description}</Fact>
        <Fact term="Total">{formatPrice(order.pricing.totalAmount)}</Fact>
        <Fact term="Created">{formatInstant(order.createdAt)}</Fact>
        <Fact term="Email">{emailState(order)}</Fact>
        <Fact term="Acknowledgment">{acknowledgmentState(order)}</Fact>
      </dl>
      <div className="wo-row__actions">
        <button type="button" className="button button--secondary" onClick={onEdit}>
          Edit<span className="visually-hidden"> {order.workOrderNumber}</span>
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy || !hasEmail}
          onClick={() => email.mutate()}
        >
          {email.isPending ? 'Sending...' : 'Email'}
          <span className="visually-hidden"> {order.workOrderNumber}</span>
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={pdf.isPending}
          onClick={() => pdf.mutate()}
        >
          {pdf.isPending ? 'Downloading...' : 'PDF'}
          <span className="visually-hidden"> of {order.workOrderNumber}</span>
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy || !hasEmail}
          onClick={() => link.mutate()}
        >
          {link.isPending ? 'Sending...' : 'Acknowledgment Link'}
          <span className="visually-hidden"> for {order.workOrderNumber}</span>
        </button>
        <button type="button" className="button button--danger" disabled={busy} onClick={onDelete}>
          Delete<span className="visually-hidden"> {order.workOrderNumber}</span>
        </button>
      </div>
    </article>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="wo-row__fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
