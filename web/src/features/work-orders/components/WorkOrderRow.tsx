import { ActionButton } from '../../../components/ui/ActionButton';
import { factsOf } from '../../../components/ui/Fact';
import { workOrderMayGetLink, workOrderPaymentLabel } from '@app/core/payments/link-state';
import { formatInstant } from '@app/core/time';
import type { WorkOrderStatus } from '@app/core/workorder/model';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { AddressView } from '../../../components/address/AddressView';
import { formatPrice } from '../../../lib/format';
import { messageOf, replyField } from '../../../lib/api';
import {
  downloadWorkOrderPdf,
  emailWorkOrder,
  generateAcknowledgment,
  sendWorkOrderPaymentLink,
  setWorkOrderStatus,
  workOrdersKey,
} from '../api';
import {
  acknowledgmentState,
  alreadyAcknowledgedText,
  emailState,
  statusLabel,
  vehicleLine,
  workOrderMessages,
} from '../display';
import type { WorkOrderJson } from '../types';
import { StatusSelect } from './StatusSelect';
import type { Notice } from '../../../components/admin/notice';

const Fact = factsOf('wo-row');

/** One work order of the manager's list, with its status dropdown and its actions. */
export function WorkOrderRow({
  order,
  onEdit,
  onDelete,
  onNotice,
}: {
  order: WorkOrderJson;
  onEdit: () => void;
  onDelete: () => void;
  onNotice: (notice: Notice | null) => void;
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
  const payLink = useMutation({
    mutationFn: () => sendWorkOrderPaymentLink(order._id),
    onMutate: () => onNotice(null),
    onSuccess: () =>
      onNotice({
        tone: 'success',
        text: `Payment link for ${order.workOrderNumber} sent to ${order.customer.email}.`,
      }),
    onError: (error) => fail(messageOf(error, workOrderMessages.paymentLink)),
    onSettled: () => void refresh(),
  });
  const hasEmail = order.customer.email.trim() !== '';
  const busy = status.isPending || email.isPending || link.isPending || payLink.isPending;
  const payment = workOrderPaymentLabel(order);

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
        {order.customer.address.street.trim() && order.customer.address.zipCode.trim() && (
          <Fact term="Where">
            <AddressView address={order.customer.address} directions />
          </Fact>
        )}
        {payment && (
          <Fact term="Payment">
            <span data-payment-state={payment}>{payment}</span>
          </Fact>
        )}
      </dl>
      <div className="wo-row__actions">
        <ActionButton onClick={onEdit} named={order.workOrderNumber}>
          Edit
        </ActionButton>
        <ActionButton
          disabled={busy || !hasEmail}
          onClick={() => email.mutate()}
          pending={email.isPending}
          pendingLabel="Sending..."
          named={order.workOrderNumber}
        >
          Email
        </ActionButton>
        <ActionButton
          disabled={pdf.isPending}
          onClick={() => pdf.mutate()}
          pending={pdf.isPending}
          pendingLabel="Downloading..."
          named={`of ${order.workOrderNumber}`}
        >
          PDF
        </ActionButton>
        <ActionButton
          disabled={busy || !hasEmail}
          onClick={() => link.mutate()}
          pending={link.isPending}
          pendingLabel="Sending..."
          named={`for ${order.workOrderNumber}`}
        >
          Acknowledgment Link
        </ActionButton>
        {workOrderMayGetLink(order) && (
          <ActionButton
            disabled={busy}
            onClick={() => payLink.mutate()}
            pending={payLink.isPending}
            pendingLabel="Sending..."
            named={`for ${order.workOrderNumber}`}
          >
            Send payment link
          </ActionButton>
        )}
        <ActionButton tone="danger" disabled={busy} onClick={onDelete} named={order.workOrderNumber}>
          Delete
        </ActionButton>
      </div>
    </article>
  );
}
