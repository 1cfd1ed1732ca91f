import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, path, unwrap } from '../../lib/api';
import type { BookingEdit, BookingInfo } from './types';

/** The signed-in customer's bookings, newest date first (doc 2 §7). */
export const fetchMyBookings = (): Promise<BookingInfo[]> => unwrap(api.api.bookings.$get());

/** Vehicle fields and notes of a Pending booking (doc 2 §5); replies with the booking. */
export const updateBooking = ({ id, ...edit }: BookingEdit & { id: string }): Promise<BookingInfo> =>
  unwrap(api.api.bookings[':id'].$put({ param: path({ id }), json: edit }));

/** Cancels a Pending or Confirmed booking; replies with it, now Cancelled. */
export const cancelBooking = (id: string): Promise<BookingInfo> =>
  unwrap(api.api.bookings[':id'].cancel.$patch({ param: path({ id }) }));

/** The list is per account: a different user in the same tab never sees the previous one's list. */
export const myBookingsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['bookings', 'mine', userId], queryFn: fetchMyBookings });

/** Every cached booking list (for invalidation after a change elsewhere, e.g. a review). */
export const bookingsQueryKey = ['bookings'] as const;

/** Puts a booking the server replied with into the cached list, in place. */
export function applyBooking(queryClient: QueryClient, userId: string, booking: BookingInfo): void {
  queryClient.setQueryData(myBookingsQueryOptions(userId).queryKey, (list) =>
    list?.map((item) => (item._id === booking._id ? booking : item)),
  );
}
