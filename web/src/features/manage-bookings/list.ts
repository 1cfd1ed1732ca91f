import { type BookingStatus, upcomingFirstOrder } from '@app/core/booking/rules';
import { today } from '@app/core/time';
import { deskMessages } from './messages';
import type { AdminBooking, BookingFilters } from './types';

/** The main list shows 5 bookings at first; 'Show 5 More' adds 5 each time (doc 2 §9). */
export const PAGE_SIZE = 5;

export const emptyFilters: BookingFilters = {
  customerName: '',
  startDate: '',
  endDate: '',
  make: '',
  model: '',
  year: '',
  service: '',
  status: '',
};

/** Only the non-empty filters, trimmed (doc 2 §2): the query string of GET /api/bookings/all. */
export function filterQuery(filters: BookingFilters): Partial<BookingFilters> {
  const query: Partial<BookingFilters> = {};
  for (const key of Object.keys(filters) as (keyof BookingFilters)[]) {
    const value = filters[key].trim();
    if (value) query[key] = value;
  }
  // A model means nothing without its make (the form disables it until a make is chosen).
  if (!query.make) delete query.model;
  return query;
}

export const hasFilters = (filters: BookingFilters): boolean => Object.keys(filterQuery(filters)).length > 0;

/** Whether the status filter asks for more than the open bookings (issue 30: completed, paid ...). */
export const showsClosed = (filters?: Pick<BookingFilters, 'status'>): boolean =>
  !!filters && filters.status !== '' && filters.status !== 'open';

/** Closed bookings: the main list leaves them out (doc 2 §2). */
export const isClosed = (status: BookingStatus): boolean => status === 'Cancelled' || status === 'Completed';

/**
 * The bookings the main list shows, upcoming first (soonest first), then the
 * past ones (newest first; issue 30, where doc 2 §2 said newest first): the
 * active ones, plus those in `kept` (a card the admin just moved to Cancelled
 * or Completed stays in view until the list is loaded again, so a slip of the
 * dropdown can be undone).
 */
export function activeBookings(
  bookings: readonly AdminBooking[],
  kept: ReadonlySet<string> = new Set(),
  filters?: Pick<BookingFilters, 'status'>,
  todayDate: string = today(),
) {
  // A status filter asking for closed ones (issue 30) shows what the server found, whatever its status.
  const closedToo = showsClosed(filters);
  return (
    bookings
      .filter((booking) => closedToo || !isClosed(booking.status) || kept.has(booking._id))
      // Upcoming first, soonest first, then the past, newest first (issue 30, decision 095).
      .sort(upcomingFirstOrder(todayDate))
  );
}

/** The empty text of the list: 'No bookings match your criteria.' after a search, else 'No active bookings found.'. */
export const emptyText = (searched: boolean): string =>
  searched ? deskMessages.noMatch : deskMessages.noActive;
