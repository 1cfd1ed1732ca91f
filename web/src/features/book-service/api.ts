import { queryOptions } from '@tanstack/react-query';
import { api, path, unwrap } from '../../lib/api';
import { availabilityKeys } from '../../lib/shared-queries';
import type { Availability, BookingRequest } from './types';
import type { Place } from './where';

/** The spec allows a bare array of times too (doc 1 §3); both read as one shape. */
export function readAvailability(reply: Availability | string[]): Availability {
  return Array.isArray(reply) ? { times: reply, system: 'legacy', message: '' } : reply;
}

/** The free times of a date at a place (a saved address or a ZIP: issue 20); without one, from the shop's base. */
export async function fetchAvailability(
  serviceId: string,
  date: string,
  place?: Place,
  choice: Record<string, string> = {},
): Promise<Availability> {
  const reply: Availability | string[] = await unwrap(
    api.api.services[':id'].availability.$get({
      param: path({ id: serviceId }),
      // The vehicle class and add-ons (issue 34): the times that fit the job's length.
      query: { date, ...place, ...choice },
    }),
  );
  return readAvailability(reply);
}

export const availabilityQueryOptions = (
  serviceId: string,
  date: string,
  place?: Place,
  choice: Record<string, string> = {},
) =>
  queryOptions({
    queryKey: availabilityKeys.forPlace(serviceId, date, { ...place, ...choice }),
    queryFn: () => fetchAvailability(serviceId, date, place, choice),
    // Times are taken by other customers at any moment: a revisit asks again.
    staleTime: 15_000,
  });

/** POST /api/bookings: 201 { msg, booking }; 403 without a card, 409 when the time was taken meanwhile. */
export async function createBooking(request: BookingRequest) {
  return unwrap(api.api.bookings.$post({ json: request }));
}
