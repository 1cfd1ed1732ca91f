import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormMessage } from '../../../components/ui/FormMessage';
import { messageOf } from '../../../lib/api';
import { formatPrice } from '../../../lib/format';
import { approvePrice, workOrdersKey } from '../api';
import type { WorkOrderJson } from '../types';

/**
 * Prices a technician entered by hand wait for the admin (issue 30, decision 091): they are
 * listed as "awaiting admin price approval", and the admin approves the total they see here
 * (the server refuses it if the work order changed meanwhile). On the phone, the list only.
 */
export function PriceApproval({ order, canApprove }: { order: WorkOrderJson; canApprove: boolean }) {
  const queryClient = useQueryClient();
  const approve = useMutation({
    mutationFn: () => approvePrice(order._id, order.pricing.totalAmount),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workOrdersKey }),
  });
  const awaiting = order.priceApproval.awaiting;
  if (awaiting.length === 0 || approve.isSuccess) {
    return approve.isSuccess ? <FormMessage tone="success">{approve.data.message}</FormMessage> : null;
  }
  return (
    <section className="notice wo-form__note" aria-label="Awaiting admin price approval">
      <p>Awaiting admin price approval (entered by hand by a technician):</p>
      <ul>
        {awaiting.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {canApprove && (
        <button
          type="button"
          className="button button--secondary"
          disabled={approve.isPending}
          onClick={() => approve.mutate()}
        >
          {approve.isPending
            ? 'Approving...'
            : `Approve the total of ${formatPrice(order.pricing.totalAmount)}`}
        </button>
      )}
      {approve.isError && (
        <FormMessage tone="error">{messageOf(approve.error, 'The price was not approved.')}</FormMessage>
      )}
    </section>
  );
}
