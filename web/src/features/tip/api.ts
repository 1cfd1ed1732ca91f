import type { TipLinkReply } from '@app/functions/api/tips';
import type { TipBody } from '../../components/tip/tip-form';
import { api, linkQueryOptions, path, unwrap } from '../../lib/api';

/** The receipt's tip link (issue 35): GET /api/tips/{token} and its one POST; errors carry the server's msg. */
const link = api.api.tips[':token'];

export type { TipLinkReply };

/** What the link shows; asked once per token (no retry on a 4xx, no refetch on focus). */
export const tipLinkQueryOptions = (token: string) =>
  linkQueryOptions('tip-link', token, (byToken): Promise<TipLinkReply> => unwrap(link.$get(byToken)), {
    retry: false,
  });

export const tipByLink = (token: string, tip: TipBody): Promise<{ msg: string; tip: number }> =>
  unwrap(link.$post({ param: path({ token }), json: { tip } }));
