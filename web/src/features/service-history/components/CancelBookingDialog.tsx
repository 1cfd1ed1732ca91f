import { bookingMessages } from '@app/core/booking/rules';
import { formatLongDate, formatTime } from '@app/core/time';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog } from '../../../components/ui/Dialog';
import { FormMessage } from '../../../components/ui/FormMessage';
import { messageOf } from '../../../lib/api';
import { applyBooking, cancelBooking, fetchCancelPreview, myBookingsQueryOptions } from '../api';
import { serviceNameOf } from '../display';
import type { BookingInfo } from '../types';
import { bookingKeys } from '../../../lib/shared-queries';

type CancelBookingDialogProps = {
  booking: BookingInfo;
  userId: string;
  onClose: () => void;
  /** Where the focus goes once the booking is cancelled and its Cancel button is gone. */
  returnFocusFallback: () => HTMLElement | null | undefined;
};

/**
 * Cancelling asks first (doc 2 §4, §8); once the server agrees the card shows
 * Cancelled. A failure keeps the dialog open with the server's msg, else
 * 'Failed to cancel booking. Please try again.'.
 */
export function CancelBookingDialog({
  booking,
  userId,
  onClose,
  returnFocusFallback,
}: CancelBookingDialogProps) {
  const queryClient = useQueryClient();
  // The late-cancel fee, when the shop's policy is on and the start is near: shown before the customer agrees.
  const preview = useQuery({
    queryKey: bookingKeys.cancelPreview(booking._id),
    queryFn: () => fetchCancelPreview(booking._id),
    staleTime: 0,
    // A failed preview does not hold the dialog up: the server still refuses an unagreed fee (409 with its msg).
    retry: false,
  });
  const fee = preview.data?.lateCancelFee ?? 0;
  const cancel = useMutation({
    mutationFn: (id: string) => cancelBooking(id, fee > 0),
    onSuccess: (saved) => {
      applyBooking(queryClient, userId, saved);
      onClose();
    },
    // It may have been completed or cancelled meanwhile: the list shows its new state.
    onError: () => void queryClient.invalidateQueries({ queryKey: myBookingsQueryOptions(userId).queryKey }),
  });

  return (
    <Dialog
      title="Cancel this booking?"
      role="alertdialog"
      onClose={onClose}
      returnFocusFallback={returnFocusFallback}
    >
      <p>
        Your {serviceNameOf(booking)} on {formatLongDate(booking.date)} at {formatTime(booking.time)} will be
        cancelled. This cannot be undone.
      </p>
      {fee > 0 && <p data-late-cancel-fee={fee}>{preview.data?.msg}</p>}
      {cancel.isError && (
        <FormMessage tone="error">{messageOf(cancel.error, bookingMessages.cancelFailed)}</FormMessage>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose} data-autofocus>
          Keep Booking
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={cancel.isPending || preview.isPending}
          onClick={() => cancel.mutate(booking._id)}
        >
          {cancel.isPending ? 'Cancelling...' : 'Yes, Cancel Booking'}
        </button>
      </div>
    </Dialog>
  );
}
