import { bookingMayGetLink, paymentLabel } from '@app/core/payments/link-state';
import { formatInstant } from '@app/core/time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MutationButton } from '../../../components/ui/ActionButton';
import { FormMessage } from '../../../components/ui/FormMessage';
import { messageOf } from '../../../lib/api';
import { applyBooking, sendBookingPaymentLink } from '../api';
import { paymentSum } from '../display';
import { deskMessages } from '../messages';
import type { AdminBooking } from '../types';

/**
 * A booking's payment on the desk (decision 070): Paid, Declined, Link sent
 * (when, and for how much), and "Send payment link" for an unpaid booking
 * whose customer has no card or whose card was declined.
 */
export function PaymentLinkFacts({ booking, describedBy }: { booking: AdminBooking; describedBy: string }) {
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: () => sendBookingPaymentLink(booking._id),
    onSuccess: (reply) => applyBooking(queryClient, reply.booking),
  });
  const label = paymentLabel(booking.payment);
  const link = booking.payment?.link ?? null;
  const offer = bookingMayGetLink(booking);
  if (!label && !offer) return null;

  return (
    <div className="desk-card__payment">
      {label && (
        <p data-payment-state={label}>
          <strong>Payment:</strong> {label}
          {booking.payment && ` · ${paymentSum(booking.payment)}`}
          {link && !link.paidAt && (
            <span className="desk-card__muted"> (link sent {formatInstant(link.sentAt)})</span>
          )}
        </p>
      )}
      {offer && (
        <p className="desk-card__actions">
          <MutationButton mutation={send} pendingLabel="Sending..." describedBy={describedBy}>
            {link ? 'Send payment link again' : 'Send payment link'}
          </MutationButton>
        </p>
      )}
      <p role="status" className="desk-card__saved">
        {send.isSuccess && send.data.msg}
      </p>
      {send.isError && (
        <FormMessage tone="error">{messageOf(send.error, deskMessages.paymentLinkFailed)}</FormMessage>
      )}
    </div>
  );
}
