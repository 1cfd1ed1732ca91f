import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { authHeaders } from '../../lib/token';
import type { Availability, BookingRequest } from './types';

/*
 * TEMPORARY: the booking API is being written against /work/booking-contract.md; until its
 * routes are in the Hono app's type, these call it with fetch. They move to the typed client
 * (`api.api...`) once it lands.
 */
async function call<T>(path: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { ...authHeaders(), ...(init?.body ? { 'content-type': 'application/json' } : {}) },
    });
  } catch {
    throw new ApiError('Could not reach the server. Please check your connection.', 0);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const msg =
      body && typeof body === 'object' && 'msg' in body && typeof body.msg === 'string'
        ? body.msg
        : undefined;
    throw new ApiError(msg ?? `Request failed (${response.status}).`, response.status, msg);
  }
  return body as T;
}

/** The spec allows a bare array of times too (doc 1 §3); both read as one shape. */
export function readAvailability(reply: Availability | string[]): Availability {
  return Array.isArray(reply) ? { times: reply, system: 'legacy', message: '' } : reply;
}

export async function fetchAvailability(serviceId: string, date: string): Promise<Availability> {
  const reply = await call<Availability | string[]>(
    `/api/services/${encodeURIComponent(serviceId)}/availability?date=${encodeURIComponent(date)}`,
  );
  return readAvailability(reply);
}

/** Every availability query starts with this key: a booking invalidates them all. */
export const availabilityKey = ['availability'] as const;

export const availabilityQueryOptions = (serviceId: string, date: string) =>
  queryOptions({
    queryKey: [...availabilityKey, serviceId, date],
    queryFn: () => fetchAvailability(serviceId, date),
    // Times are taken by other customers at any moment: a revisit asks again.
    staleTime: 15_000,
  });

export type BookingCreated = { msg: string; booking: { _id: string; date: string; time: string } };

export async function createBooking(request: BookingRequest): Promise<BookingCreated> {
  return call<BookingCreated>('/api/bookings', { method: 'POST', body: JSON.stringify(request) });
}
