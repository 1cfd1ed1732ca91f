import { formatInstant } from '@app/core/time';
import { type FormEvent, useId } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmMutation, useConfirmation } from '../../../components/admin/ConfirmAction';
import { MutationButton } from '../../../components/ui/ActionButton';
import { FormMessage } from '../../../components/ui/FormMessage';
import { messageOf } from '../../../lib/api';
import { formatPrice } from '../../../lib/format';
import { messagesResolver } from '../../../lib/forms';
import { type RefundBody, useRefundMutation, useRetryChargeMutation } from '../api';
import { refundMoney, refundQuestion } from '../display';
import { deskMessages } from '../messages';
import type { AdminBooking } from '../types';
import { type RefundFields, validateRefund } from '../validate';

/**
 * A completed booking's charge on the desk (decision 069): "Retry charge"
 * when it was declined, and the refund form (amount, the tip to give back as
 * its own line, and reason) with the refunds made, while something is left to refund.
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
              {refundMoney(refund)} · {refund.reason} · {refund.by},{' '}
              <time dateTime={refund.at}>{formatInstant(refund.at)}</time>
            </li>
          ))}
        </ul>
      )}
      {payment.status === 'paid' && (payment.refundable > 0 || payment.tipRefundable > 0) && (
        <RefundForm booking={booking} />
      )}
    </div>
  );
}

function RetryCharge({ booking, describedBy }: { booking: AdminBooking; describedBy: string }) {
  const retry = useRetryChargeMutation(booking._id);
  return (
    <>
      <p className="desk-card__muted">
        Declined: {booking.payment?.failureReason ?? 'the card was declined'} (attempt{' '}
        {booking.payment?.attempts}
        {booking.payment?.retriesStopped ? ', no more automatic retries' : ', retried daily'})
      </p>
      <p className="desk-card__actions">
        <MutationButton mutation={retry} pendingLabel="Charging..." describedBy={describedBy}>
          Retry charge
        </MutationButton>
      </p>
      {retry.isError && (
        <FormMessage tone="error">{messageOf(retry.error, deskMessages.retryFailed)}</FormMessage>
      )}
    </>
  );
}

function RefundForm({ booking }: { booking: AdminBooking }) {
  const id = useId();
  const left = booking.payment?.refundable ?? 0;
  const tipLeft = booking.payment?.tipRefundable ?? 0;
  const empty = { amount: '', tip: '', reason: '' };
  const form = useForm<RefundFields>({
    defaultValues: empty,
    resolver: messagesResolver((values) =>
      validateRefund(values, Math.round(left * 100), Math.round(tipLeft * 100)),
    ),
    // One message under the form, the amount's first; the focus stays on Refund.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const refund = useRefundMutation(booking._id, () => form.reset(empty));
  const errors = form.formState.errors;
  const problem = errors.amount?.message ?? errors.tip?.message ?? errors.reason?.message;
  // Money back asks first (issue 30): the confirmation names the amount and whose card gets it.
  const confirmation = useConfirmation<RefundBody>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    refund.reset();
    void form.handleSubmit((values) => {
      const tip = Number(values.tip?.trim() || 0);
      const amount = Number(values.amount.trim() || 0);
      confirmation.ask({ amount, ...(tip > 0 ? { tip } : {}), reason: values.reason.trim() });
    })(event);
  };
  return (
    <form className="desk-card__refund" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-amount`}>Refund amount ($)</label>
      <input
        id={`${id}-amount`}
        className="input"
        inputMode="decimal"
        aria-describedby={`${id}-left`}
        {...form.register('amount')}
      />
      <p id={`${id}-left`} className="desk-card__muted">
        Left to refund: {formatPrice(left)}
      </p>
      {tipLeft > 0 && (
        <>
          <label htmlFor={`${id}-tip`}>Tip to give back ($)</label>
          <input
            id={`${id}-tip`}
            className="input"
            inputMode="decimal"
            aria-describedby={`${id}-tip-left`}
            {...form.register('tip')}
          />
          <p id={`${id}-tip-left`} className="desk-card__muted">
            Tip left to refund: {formatPrice(tipLeft)}
          </p>
        </>
      )}
      <label htmlFor={`${id}-reason`}>Reason</label>
      <input id={`${id}-reason`} className="input" maxLength={192} {...form.register('reason')} />
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
      <ConfirmMutation
        confirmation={confirmation}
        mutation={refund}
        title="Refund this payment?"
        confirmLabel="Refund"
        busyLabel="Refunding..."
      >
        {(body) => <p>{refundQuestion(booking, body.amount + (body.tip ?? 0))}</p>}
      </ConfirmMutation>
    </form>
  );
}
