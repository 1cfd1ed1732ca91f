import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { bookingsQueryOptions } from '../api';
import { activeBookings, emptyText, hasFilters, isClosed } from '../list';
import { deskMessages } from '../messages';
import type { AdminBooking, BookingFilters } from '../types';
import { AdminBookingCard } from './AdminBookingCard';
import { BookingSearch } from './BookingSearch';
import { SubViewHeading } from './SubViewHeading';
import { ShowMore } from '../../../components/ui/ShowMore';
import { TextInbox } from '../../../components/texts/TextInbox';

type BookingsListProps = {
  /** Take the focus (the admin came back from a sub-view). */
  focus: boolean;
  filters: BookingFilters;
  onSearch: (filters: BookingFilters) => void;
  onCreate: () => void;
  onAssign: (booking: AdminBooking) => void;
  /** Given when /admin offers work orders: 'Create Work Order' on each card, and the manager. */
  onCreateWorkOrder?: (booking: AdminBooking) => void;
  onWorkOrders?: () => void;
  /** The vehicle's open recommended work on each card (issue 33), handed in by /admin. */
  renderRecommended?: (vehicleId: string) => ReactNode;
};

/**
 * The main list (doc 2 §2): the active bookings (not Cancelled or Completed),
 * newest date first, 5 at first and 'Show 5 More' adding the next 5 from the
 * server (it follows the page's cursor: decision 050); the advanced search
 * above it.
 */
export function BookingsList({
  focus,
  filters,
  onSearch,
  onCreate,
  onAssign,
  onCreateWorkOrder,
  onWorkOrders,
  renderRecommended,
}: BookingsListProps) {
  const queryClient = useQueryClient();
  const bookings = useInfiniteQuery(bookingsQueryOptions(filters));
  const searched = hasFilters(filters);
  // Cards moved to Cancelled or Completed here stay in view until the list is searched or loaded again.
  const [kept, setKept] = useState<ReadonlySet<string>>(new Set());
  const listRef = useRef<HTMLUListElement>(null);
  // After 'Show 5 More' the first card just shown takes the focus, so the keyboard continues where the list grew.
  const focusIndex = useRef<number | null>(null);
  useEffect(() => {
    if (focusIndex.current === null) return;
    const first = listRef.current?.querySelectorAll<HTMLElement>('article h4')[focusIndex.current];
    // Waits for the next page to arrive.
    if (!first) return;
    first.focus();
    focusIndex.current = null;
  });

  const search = (next: BookingFilters) => {
    setKept(new Set());
    onSearch(next);
    // The same search again asks the server again.
    void queryClient.invalidateQueries({ queryKey: bookingsQueryOptions(next).queryKey });
  };
  const keepIfClosed = (booking: AdminBooking) => {
    if (isClosed(booking.status)) setKept((ids) => new Set(ids).add(booking._id));
  };

  const visible = bookings.data
    ? activeBookings(
        bookings.data.pages.flatMap((page) => page.items),
        kept,
        filters,
      )
    : [];

  return (
    <div className="desk-list">
      <div className="desk__bar">
        <SubViewHeading focus={focus}>Active Bookings</SubViewHeading>
        <div className="desk__bar-actions">
          <button type="button" className="button button--primary" onClick={onCreate}>
            Create Custom Booking
          </button>
          {onWorkOrders && (
            <button type="button" className="button button--secondary" onClick={onWorkOrders}>
              Work Orders
            </button>
          )}
        </div>
      </div>
      <TextInbox />
      <BookingSearch applied={filters} onSearch={search} busy={bookings.isFetching} />
      {bookings.isPending ? (
        <p className="status-text" role="status">
          Loading bookings...
        </p>
      ) : bookings.isError ? (
        <p className="status-text status-text--error" role="alert">
          {searched ? deskMessages.searchFailed : deskMessages.fetchFailed}
        </p>
      ) : visible.length === 0 && !bookings.hasNextPage ? (
        <p className="status-text" role="status">
          {emptyText(searched)}
        </p>
      ) : (
        <>
          <p className="desk-list__count" role="status">
            Showing {visible.length} {searched ? 'matching' : 'active'}{' '}
            {visible.length === 1 ? 'booking' : 'bookings'}
          </p>
          <ul className="desk-list__items" ref={listRef}>
            {visible.map((booking) => (
              <li key={booking._id}>
                <AdminBookingCard
                  booking={booking}
                  onStatusChanged={keepIfClosed}
                  onAssign={onAssign}
                  onCreateWorkOrder={onCreateWorkOrder}
                  renderRecommended={renderRecommended}
                />
              </li>
            ))}
          </ul>
          <ShowMore
            pages={bookings}
            label="Show 5 More"
            busyLabel="Show 5 More"
            className="desk-list__more"
            onMore={() => {
              focusIndex.current = visible.length;
            }}
          />
          {bookings.isFetchNextPageError && (
            <p className="status-text status-text--error" role="alert">
              {deskMessages.fetchFailed}
            </p>
          )}
        </>
      )}
    </div>
  );
}
