import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import type { AddressBody } from '../../lib/address-form';
import { api, path, unwrap } from '../../lib/api';
import { followCursor, mapPages, pageQuery, unwrapPage } from '../../lib/next-page';
import type { BookingEdit, BookingInfo } from './types';
import { bookingKeys } from '../../lib/shared-queries';

/** Bookings the Service History shows at first and adds with each 'Show more bookings'. */
export const MY_BOOKINGS_PAGE = 20;

/** One page of the signed-in customer's bookings, newest date first (doc 2 §7), and the next page's cursor. */
export const fetchMyBookingsPage = (cursor: string | null) =>
  unwrapPage(api.api.bookings.$get({ query: pageQuery(MY_BOOKINGS_PAGE, cursor) }));

/** Vehicle fields and notes of a Pending booking (doc 2 §5); replies with the booking. */
export const updateBooking = ({ id, ...edit }: BookingEdit & { id: string }): Promise<BookingInfo> =>
  unwrap(api.api.bookings[':id'].$put({ param: path({ id }), json: edit }));

/**
 * Moves a Pending booking to another address (issue 20); replies with the
 * booking. 409 `{ msg }` when the technician's day no longer fits it.
 */
export const changeBookingAddress = (id: string, serviceAddress: AddressBody): Promise<BookingInfo> =>
  unwrap(api.api.bookings[':id'].address.$patch({ param: path({ id }), json: { serviceAddress } }));

/** Cancels a Pending or Confirmed booking; replies with it, now Cancelled. */
export const cancelBooking = (id: string, acceptLateFee = false): Promise<BookingInfo> =>
  unwrap(
    acceptLateFee
      ? api.api.bookings[':id'].cancel.$patch(
          { param: path({ id }) },
          { init: { body: '{"acceptLateFee":true}', headers: { 'content-type': 'application/json' } } },
        )
      : api.api.bookings[':id'].cancel.$patch({ param: path({ id }) }),
  );

/** What cancelling now would cost (decision 069): the late-cancel fee in dollars (0: none) and its words. */
export const fetchCancelPreview = (
  id: string,
): Promise<{ lateCancelFee: number; hours: number; msg: string }> =>
  unwrap(api.api.bookings[':id']['cancel-preview'].$get({ param: path({ id }) }));

/**
 * The list is per account: a different user in the same tab never sees the
 * previous one's list. A page at a time: 'Show more bookings' follows the cursor.
 */
export const myBookingsQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: bookingKeys.mine(userId),
    queryFn: ({ pageParam }) => fetchMyBookingsPage(pageParam),
    ...followCursor,
  });

/** Every cached booking list (for invalidation after a change elsewhere, e.g. a review). */
export const bookingsQueryKey = bookingKeys.all;

/** Puts a booking the server replied with into the cached list, in place. */
export function applyBooking(queryClient: QueryClient, userId: string, booking: BookingInfo): void {
  queryClient.setQueryData(myBookingsQueryOptions(userId).queryKey, (list) =>
    mapPages(list, (items) => items.map((item) => (item._id === booking._id ? booking : item))),
  );
}
