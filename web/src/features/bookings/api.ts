import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { authHeaders } from '../../lib/token';
import type { BookingEdit, BookingInfo } from './types';

/**
 * Until the bookings routes are in the API's type, the calls go through fetch
 * with the same token header and error rule as the typed client (`unwrap`).
 */
async function send<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { ...authHeaders(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError('Could not reach the server. Please check your connection.', 0);
  }
  if (!response.ok) {
    const reply: unknown = await response.json().catch(() => null);
    const msg =
      reply && typeof reply === 'object' && 'msg' in reply && typeof reply.msg === 'string'
        ? reply.msg
        : undefined;
    throw new ApiError(msg ?? `Request failed (${response.status}).`, response.status, msg);
  }
  return (await response.json()) as T;
}

/** The signed-in customer's bookings, newest date first (doc 2 §7). */
export const fetchMyBookings = (): Promise<BookingInfo[]> => send('GET', '/api/bookings');

/** Vehicle fields and notes of a Pending booking (doc 2 §5); replies with the booking. */
export const updateBooking = ({ id, ...edit }: BookingEdit & { id: string }): Promise<BookingInfo> =>
  send('PUT', `/api/bookings/${encodeURIComponent(id)}`, edit);

/** Cancels a Pending or Confirmed booking; replies with it, now Cancelled. */
export const cancelBooking = (id: string): Promise<BookingInfo> =>
  send('PATCH', `/api/bookings/${encodeURIComponent(id)}/cancel`);

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
