import type { ChargeOptionsReply } from '@app/functions/api/bookings';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormMessage } from '../../../components/ui/FormMessage';
import { messageOf } from '../../../lib/api';
import { formatPrice } from '../../../lib/format';
import { requestAcknowledgment } from '../api';
import { deskMessages } from '../messages';

type Props = {
  options: ChargeOptionsReply;
  pending: boolean;
  onCharge: (charge: 'booking' | 'workOrder') => void;
  onCancel: () => void;
};

/**
 * Completing a booking with a related work order (decision 068): both
 * amounts, and the admin's choice. An acknowledged work order is charged as
 * is; one not yet acknowledged may be charged only within the tolerance of
 * the booked price, otherwise the customer is asked to acknowledge it first
 * (one click sends it).
 */
export function CompletionCharge({ options, pending, onCharge, onCancel }: Props) {
  const wo = options.workOrder;
  const name = useId();
  const [choice, setChoice] = useState<'booking' | 'workOrder'>(
    options.workOrderAllowed ? 'workOrder' : 'booking',
  );
  const ask = useMutation({ mutationFn: () => requestAcknowledgment(wo?._id ?? '') });
  if (!wo) return null;
  const tolerance = `${Math.round(options.tolerance * 100)}%`;
  const trip = options.tripFee > 0 ? ` (with the ${formatPrice(options.tripFee)} trip fee)` : '';

  return (
    <fieldset className="desk-card__complete" aria-describedby={`${name}-why`}>
      <legend>Complete and charge</legend>
      <p id={`${name}-why`} className="field__hint">
        Work order {wo.workOrderNumber} is {wo.acknowledged ? 'acknowledged' : 'not yet acknowledged'} by the
        customer.
      </p>
      <label className="radio">
        <input
          type="radio"
          name={name}
          checked={choice === 'workOrder'}
          disabled={!options.workOrderAllowed}
          onChange={() => setChoice('workOrder')}
        />{' '}
        Work order total: {formatPrice(options.amounts.workOrder ?? 0)}
        {trip}
      </label>
      <label className="radio">
        <input
          type="radio"
          name={name}
          checked={choice === 'booking'}
          onChange={() => setChoice('booking')}
        />{' '}
        Booked price: {formatPrice(options.amounts.booking)}
        {trip}
      </label>
      {!options.workOrderAllowed && (
        <p className="desk-card__muted">
          The work order is more than {tolerance} above the booked price: ask the customer to acknowledge it
          first.{' '}
          <button
            type="button"
            className="button button--secondary"
            disabled={ask.isPending}
            onClick={() => ask.mutate()}
          >
            {ask.isPending ? 'Sending...' : 'Send it for acknowledgment'}
          </button>
        </p>
      )}
      <p role="status" className="desk-card__saved">
        {ask.isSuccess && deskMessages.acknowledgmentSent}
      </p>
      {ask.isError && (
        <FormMessage tone="error">{messageOf(ask.error, deskMessages.statusFailed)}</FormMessage>
      )}
      <p className="desk-card__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={pending}
          onClick={() => onCharge(choice)}
        >
          {pending ? 'Completing...' : 'Complete and charge'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Not now
        </button>
      </p>
    </fieldset>
  );
}
