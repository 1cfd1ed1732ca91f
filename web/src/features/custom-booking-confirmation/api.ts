import { api, linkQueryOptions, path, unwrap } from '../../lib/api';
import type { CustomBookingView } from './types';

/** GET and POST /api/bookings/verify-custom-booking/{token} (doc 2 §7 Custom booking link); errors carry the server's msg. */
const link = api.api.bookings['verify-custom-booking'][':token'];

/** The booking behind a link; asked once per token (no retry on a 4xx, no refetch on focus). */
export const customBookingQueryOptions = (token: string) =>
  linkQueryOptions('verify-custom-booking', token, (byToken): Promise<CustomBookingView> =>
    unwrap(link.$get(byToken)),
  );

export const confirmCustomBooking = (
  token: string,
  customer: { customerName: string; customerEmail: string },
): Promise<{ msg: string; booking?: CustomBookingView }> =>
  unwrap(link.$post({ param: path({ token }), json: { confirmed: true, ...customer } }));

export const declineCustomBooking = (token: string): Promise<{ msg: string }> =>
  unwrap(link.$post({ param: path({ token }), json: { confirmed: false } }));
