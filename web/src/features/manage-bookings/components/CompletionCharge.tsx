import type { ChargeOptionsReply } from '@app/functions/api/bookings';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { MutationButton } from '../../../components/ui/ActionButton';
import { FormMessage } from '../../../components/ui/FormMessage';
import { messageOf } from '../../../lib/api';
import { formatPrice } from '../../../lib/format';
import { fetchChargePreview, requestAcknowledgment } from '../api';
import { deskMessages } from '../messages';
import { bookingKeys } from '../../../lib/shared-queries';
import { FailureMessage } from '../../../components/ui/FailureMessage';

type Props = {
  bookingId: string;
  options: ChargeOptionsReply;
  pending: boolean;
  onCharge: (charge: 'booking' | 'workOrder' | undefined, overrideReason?: string) => void;
  onCancel: () => void;
};

/**
 * The desk's confirmation before completing (issue 30): what it charges and
 * to which card, as the server computes it ("This charges $149.00 to the card
 * ending 1111."). With a related work order (decision 068) both amounts and
 * the admin's choice; one not yet acknowledged may be charged only within the
 * tolerance of the booked price (or once its price is approved), otherwise the
 * customer is asked to acknowledge it first (one click sends it). Before the
 * job has started or its day has come, the admin completes only with a reason
 * (decision 090), kept in its history.
 */
export function CompletionCharge({ bookingId, options, pending, onCharge, onCancel }: Props) {
  const wo = options.workOrder;
  const name = useId();
  const headingRef = useRef<HTMLLegendElement>(null);
  const [choice, setChoice] = useState<'booking' | 'workOrder'>(
    wo && options.workOrderAllowed ? 'workOrder' : 'booking',
  );
  const [reason, setReason] = useState('');
  const charge = wo ? choice : undefined;
  const preview = useQuery({
    queryKey: bookingKeys.chargePreview(bookingId, charge ?? null),
    queryFn: () => fetchChargePreview(bookingId, charge),
    staleTime: 0,
    gcTime: 0,
  });
  const ask = useMutation({ mutationFn: () => requestAcknowledgment(wo?._id ?? '') });
  useEffect(() => {
    headingRef.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  const tolerance = `${Math.round(options.tolerance * 100)}%`;
  const trip = options.tripFee > 0 ? ` (with the ${formatPrice(options.tripFee)} trip fee)` : '';
  const refusal = preview.data?.refusal ?? null;
  const needsReason = refusal !== null && preview.data?.overridable === true;
  const blocked = refusal !== null && !needsReason;
  const ready = preview.isSuccess && !blocked && (!needsReason || reason.trim() !== '');

  return (
    <fieldset className="desk-card__complete" aria-describedby={`${name}-charge`}>
      <legend ref={headingRef}>Complete and charge</legend>
      {wo && (
        <>
          <p className="field__hint">
            Work order {wo.workOrderNumber} is {wo.acknowledged ? 'acknowledged' : 'not yet acknowledged'} by
            the customer.
          </p>
          {(
            [
              ['workOrder', 'Work order total', options.amounts.workOrder ?? 0, !options.workOrderAllowed],
              ['booking', 'Booked price', options.amounts.booking, false],
            ] as const
          ).map(([value, label, amount, disabled]) => (
            <label key={value} className="radio">
              <input
                type="radio"
                name={name}
                checked={choice === value}
                disabled={disabled}
                onChange={() => setChoice(value)}
              />{' '}
              {label}: {formatPrice(amount)}
              {trip}
            </label>
          ))}
          {!options.workOrderAllowed && (
            <p className="desk-card__muted">
              The work order is more than {tolerance} above the booked price: ask the customer to acknowledge
              it first, or approve its price on the work order.{' '}
              <MutationButton mutation={ask} pendingLabel="Sending...">
                Send it for acknowledgment
              </MutationButton>
            </p>
          )}
          <p role="status" className="desk-card__saved">
            {ask.isSuccess && deskMessages.acknowledgmentSent}
          </p>
          <FailureMessage error={ask.error} fallback={deskMessages.statusFailed} />
        </>
      )}
      <p id={`${name}-charge`} className="desk-card__charge" role="status">
        {preview.isPending
          ? 'Checking what this charges...'
          : preview.isError
            ? messageOf(preview.error, deskMessages.statusFailed)
            : preview.data.amount === null
              ? ''
              : preview.data.msg}
      </p>
      {refusal && <FormMessage tone="error">{refusal}</FormMessage>}
      {needsReason && (
        <div className="field">
          <label htmlFor={`${name}-reason`}>Reason for completing now (kept in its history)</label>
          <textarea
            id={`${name}-reason`}
            className="input"
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
      )}
      <p className="desk-card__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={pending || !ready}
          onClick={() => onCharge(charge, needsReason ? reason.trim() : undefined)}
        >
          {pending ? 'Completing...' : needsReason ? 'Complete anyway and charge' : 'Complete and charge'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Not now
        </button>
      </p>
    </fieldset>
  );
}
