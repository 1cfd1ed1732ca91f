import { queryOptions } from '@tanstack/react-query';
import { api, path, type Reply, unwrap } from '../../lib/api';
import type { Availability } from './types';

/**
 * Rescheduling (issue 21): the signed-in owner's calls, or a reminder link's
 * (`token`, no sign-in). Both read the booking and its window (may it still
 * move online, and if not, why and whom to call), the times it can move to
 * on a date, and move it.
 */

/** Who is asking: the signed-in owner by the booking's id, or the holder of a reminder's link. */
export type RescheduleBy = { bookingId: string; token?: string };

export type RescheduleInfo = Reply<(typeof api.api.bookings)[':id']['reschedule']['$get']>;

export const fetchReschedule = ({ bookingId, token }: RescheduleBy): Promise<RescheduleInfo> =>
  token
    ? unwrap(api.api['booking-links'][':token'].reschedule.$get({ param: path({ token }) }))
    : unwrap(api.api.bookings[':id'].reschedule.$get({ param: path({ id: bookingId }) }));

export const rescheduleQueryOptions = (by: RescheduleBy) =>
  queryOptions({
    queryKey: ['reschedule', by.bookingId, by.token ?? null] as const,
    queryFn: () => fetchReschedule(by),
    staleTime: 0,
  });

export const fetchRescheduleTimes = (
  { bookingId, token }: RescheduleBy,
  date: string,
): Promise<Availability> =>
  token
    ? unwrap(
        api.api['booking-links'][':token'].reschedule.times.$get({ param: path({ token }), query: { date } }),
      )
    : unwrap(
        api.api.bookings[':id'].reschedule.times.$get({ param: path({ id: bookingId }), query: { date } }),
      );

/** The times query the booking page's time buttons take (AvailableTimes `options`). */
export const rescheduleTimesQueryOptions = (by: RescheduleBy, date: string) => ({
  queryKey: ['reschedule', by.bookingId, by.token ?? null, 'times', date] as const,
  queryFn: () => fetchRescheduleTimes(by, date),
  // Times are taken by other customers at any moment: a revisit asks again.
  staleTime: 15_000,
});

/** The move: 200 `{ msg, booking }`; 409 `{ msg }` when the time was taken or the notice hours passed. */
export const rescheduleBooking = ({ bookingId, token }: RescheduleBy, date: string, time: string) =>
  token
    ? unwrap(
        api.api['booking-links'][':token'].reschedule.$post({ param: path({ token }), json: { date, time } }),
      )
    : unwrap(
        api.api.bookings[':id'].reschedule.$post({ param: path({ id: bookingId }), json: { date, time } }),
      );
