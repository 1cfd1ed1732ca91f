import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { availabilityKeys, bookingKeys } from '../../lib/shared-queries';
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

/** The reschedule page's reads: a booking's window (per link or session) and its times on a date. */
export const rescheduleKeys = {
  all: ['reschedule'] as const,
  booking: (bookingId: string) => [...rescheduleKeys.all, bookingId] as const,
  info: (by: RescheduleBy) => [...rescheduleKeys.booking(by.bookingId), by.token ?? null] as const,
  times: (by: RescheduleBy, date: string) => [...rescheduleKeys.info(by), 'times', date] as const,
};

export const rescheduleQueryOptions = (by: RescheduleBy) =>
  queryOptions({
    queryKey: rescheduleKeys.info(by),
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
  queryKey: rescheduleKeys.times(by, date),
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

/**
 * The move. Done: the Service History and every time list show it. Refused (a time taken meanwhile, the
 * notice hours passed): the booking's window and times are read again.
 */
export function useRescheduleMutation(by: RescheduleBy, onError: (error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: { date: string; time: string }) => rescheduleBooking(by, choice.date, choice.time),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      void queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
    },
    onError: (error) => {
      onError(error);
      void queryClient.invalidateQueries({ queryKey: rescheduleKeys.booking(by.bookingId) });
    },
  });
}
