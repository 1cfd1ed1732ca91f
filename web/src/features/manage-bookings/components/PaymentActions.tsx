import { formatInstant } from '@app/core/time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmAction, useConfirmation } from '../../../components/admin/ConfirmAction';
import { FormMessage } from '../../../components/ui/FormMessage';
import { messageOf } from '../../../lib/api';
import { formatPrice } from '../../../lib/format';
import { applyBooking, refundBooking, retryBookingCharge } from '../api';
import { refundQuestion } from '../display';
import { deskMessages } from '../messages';
import type { AdminBooking } from '../types';

/**
 * A completed booking's charge on the desk (decision 069): "Retry charge"
 * when it was declined, and the refund form (amount and reason) with the
 * refunds made, while something is left to refund.
 */
export function PaymentActions({ booking, describedBy }: { booking: AdminBooking; describedBy: string }) {
  const payment = booking.payment;
  if (!payment || booking.status !== 'Completed') return null;
  return (
    <div className="desk-card__payment-actions">
      {payment.status === 'failed' && <RetryCharge booking={booking} describedBy={describedBy} />}
      {payment.refunds.length > 0 && (
        <ul className="desk-card__refunds" aria-label="Refunds">
          {payment.refunds.map((refund) => (
            <li key={refund._id}>
              Refunded {formatPrice(refund.amount)} · {refund.reason} · {refund.by},{' '}
              <time dateTime={refund.at}>{formatInstant(refund.at)}</time>
            </li>
          ))}
        </ul>
      )}
      {payment.status === 'paid' && payment.refundable > 0 && <RefundForm booking={booking} />}
    </div>
  );
}

function RetryCharge({ booking, describedBy }: { booking: AdminBooking; describedBy: string }) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => retryBookingCharge(booking._id),
    onSuccess: (updated) => applyBooking(queryClient, updated),
  });
  return (
    <>
      <p className="desk-card__muted">
        Declined: {booking.payment?.failureReason ?? 'the card was declined'} (attempt{' '}
        {booking.payment?.attempts}
        {booking.payment?.retriesStopped ? ', no more automatic retries' : ', retried daily'})
      </p>
      <p className="desk-card__actions">
        <button
          type="button"
          className="button button--secondary"
          aria-describedby={describedBy}
          disabled={retry.isPending}
          onClick={() => retry.mutate()}
        >
          {retry.isPending ? 'Charging...' : 'Retry charge'}
        </button>
      </p>
      {retry.isError && (
        <FormMessage tone="error">{messageOf(retry.error, deskMessages.retryFailed)}</FormMessage>
      )}
    </>
  );
}

function RefundForm({ booking }: { booking: AdminBooking }) {
  const queryClient = useQueryClient();
  const id = useId();
  const left = booking.payment?.refundable ?? 0;
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const refund = useMutation({
    mutationFn: (body: { amount: number; reason: string }) => refundBooking(booking._id, body),
    onSuccess: (reply) => {
      applyBooking(queryClient, reply.booking);
      setAmount('');
      setReason('');
    },
  });
  // Money back asks first (issue 30): the confirmation names the amount and whose card gets it.
  const confirmation = useConfirmation<{ amount: number; reason: string }>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    refund.reset();
    const value = Number(amount);
    if (!(value >= 0.01 && value <= left && Math.round(value * 100) === value * 100)) {
      setProblem(deskMessages.refundAmount);
    } else if (!reason.trim()) {
      setProblem(deskMessages.refundReason);
    } else {
      setProblem(null);
      confirmation.ask({ amount: value, reason: reason.trim() });
    }
  };
  return (
    <form className="desk-card__refund" onSubmit={submit} noValidate>
      <p className="desk-card__muted">Left to refund: {formatPrice(left)}</p>
      <label htmlFor={`${id}-amount`}>Refund amount ($)</label>
      <input
        id={`${id}-amount`}
        className="input"
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      <label htmlFor={`${id}-reason`}>Reason</label>
      <input
        id={`${id}-reason`}
        className="input"
        maxLength={192}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <button type="submit" className="button button--secondary" disabled={refund.isPending}>
        {refund.isPending ? 'Refunding...' : 'Refund'}
      </button>
      <p role="status" className="desk-card__saved">
        {refund.isSuccess && refund.data.msg}
      </p>
      {(problem || refund.isError) && (
        <FormMessage tone="error">
          {problem ?? messageOf(refund.error, deskMessages.refundFailed)}
        </FormMessage>
      )}
      <ConfirmAction
        confirmation={confirmation}
        act={(body) => refund.mutateAsync(body)}
        busy={refund.isPending}
        title="Refund this payment?"
        confirmLabel="Refund"
        busyLabel="Refunding..."
      >
        {(body) => <p>{refundQuestion(booking, body.amount)}</p>}
      </ConfirmAction>
    </form>
  );
}
