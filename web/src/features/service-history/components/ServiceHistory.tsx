import { bookingMessages } from '@app/core/booking/rules';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { myBookingsQueryOptions } from '../api';
import { BookingCard } from './BookingCard';
import { CancelBookingDialog } from './CancelBookingDialog';
import { EditBookingDialog } from './EditBookingDialog';
import '../bookings.css';
import { ShowMore } from '../../../components/ui/ShowMore';

type Open = { kind: 'edit' | 'cancel'; bookingId: string } | null;

/**
 * The Service History tab (doc 2 §2): the signed-in customer's bookings, newest
 * date first as the server sends them, a page at a time ('Show more
 * bookings'), with the loading, error and empty texts; editing and
 * cancelling open a dialog over the list.
 */
export function ServiceHistory({ userId }: { userId: string }) {
  const list = useInfiniteQuery(myBookingsQueryOptions(userId));
  const bookings = list.data?.pages.flatMap((page) => page.items);
  const isPending = list.isPending;
  const [open, setOpen] = useState<Open>(null);
  const listRef = useRef<HTMLUListElement>(null);

  if (!bookings) {
    return isPending ? (
      <p className="status-text" role="status">
        Loading your bookings...
      </p>
    ) : (
      <p className="status-text status-text--error" role="alert">
        {bookingMessages.historyLoadFailed}
      </p>
    );
  }
  if (bookings.length === 0) {
    return (
      <>
        <p className="status-text">You have no bookings yet.</p>
        <p>
          <Link to="/services" className="button button--primary">
            Browse services
          </Link>
        </p>
      </>
    );
  }

  const current = open && bookings.find((booking) => booking._id === open.bookingId);
  const close = () => setOpen(null);
  // After a cancel the card's Cancel button is gone: the focus goes to the card's title.
  const titleOf = (bookingId: string) =>
    listRef.current?.querySelector<HTMLElement>(`[data-booking-id="${CSS.escape(bookingId)}"] h3`);

  return (
    <>
      <ul className="booking-list" ref={listRef}>
        {bookings.map((booking) => (
          <li key={booking._id}>
            <BookingCard
              booking={booking}
              onEdit={() => setOpen({ kind: 'edit', bookingId: booking._id })}
              onCancel={() => setOpen({ kind: 'cancel', bookingId: booking._id })}
            />
          </li>
        ))}
      </ul>
      <ShowMore pages={list} label="Show more bookings" className="booking-list__more" />
      {list.isFetchNextPageError && (
        <p className="status-text status-text--error" role="alert">
          {bookingMessages.historyLoadFailed}
        </p>
      )}
      {current && open.kind === 'edit' && (
        <EditBookingDialog booking={current} userId={userId} onClose={close} />
      )}
      {current && open.kind === 'cancel' && (
        <CancelBookingDialog
          booking={current}
          userId={userId}
          onClose={close}
          returnFocusFallback={() => titleOf(current._id)}
        />
      )}
    </>
  );
}
