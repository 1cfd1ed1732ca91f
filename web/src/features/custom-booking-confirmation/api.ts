import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import type { CustomBookingView } from './types';

/** GET or POST /api/bookings/verify-custom-booking/{token} (doc 2 §7 Custom booking link); errors carry the server's msg. */
async function call<T>(token: string, json?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/bookings/verify-custom-booking/${encodeURIComponent(token)}`, {
      method: json === undefined ? 'GET' : 'POST',
      headers: json === undefined ? {} : { 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch {
    throw new ApiError('Could not reach the server. Please check your connection.', 0);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const msg =
      body && typeof body === 'object' && 'msg' in body && typeof body.msg === 'string'
        ? body.msg
        : undefined;
    throw new ApiError(msg ?? `Request failed (${response.status}).`, response.status, msg);
  }
  return (await response.json()) as T;
}

/** The booking behind a link; asked once per token (no retry on a 4xx, no refetch on focus). */
export const customBookingQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['verify-custom-booking', token],
    queryFn: () => call<CustomBookingView>(token),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const confirmCustomBooking = (
  token: string,
  customer: { customerName: string; customerEmail: string },
): Promise<{ msg: string; booking: CustomBookingView }> => call(token, { confirmed: true, ...customer });

export const declineCustomBooking = (token: string): Promise<{ msg: string }> =>
  call(token, { confirmed: false });
