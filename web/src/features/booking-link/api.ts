import type { LinkView } from '@app/functions/api/booking-links';
import { api, linkQueryOptions, path, unwrap } from '../../lib/api';

/** A booking's link (issue 21): GET /api/booking-links/{token} and its two actions; errors carry the server's msg. */
const link = api.api['booking-links'][':token'];

export type { LinkView };

/** What the link shows; asked once per token (no retry on a 4xx, no refetch on focus). */
export const bookingLinkQueryOptions = (token: string) =>
  linkQueryOptions('booking-link', token, (byToken): Promise<LinkView> => unwrap(link.$get(byToken)), {
    retry: false,
  });

export const attendByLink = (token: string): Promise<LinkView> =>
  unwrap(link.attend.$post({ param: path({ token }) }));

export const cancelByLink = (token: string, acceptLateFee: boolean): Promise<LinkView> =>
  unwrap(link.cancel.$post({ param: path({ token }), json: { acceptLateFee } }));
