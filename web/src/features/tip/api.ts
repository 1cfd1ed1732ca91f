import type { TipLinkReply } from '@app/functions/api/tips';
import { queryOptions } from '@tanstack/react-query';
import type { TipBody } from '../../components/tip/tip-form';
import { api, oncePerLink, path, unwrap } from '../../lib/api';

/** The receipt's tip link (issue 35): GET /api/tips/{token} and its one POST; errors carry the server's msg. */
const link = api.api.tips[':token'];

export type { TipLinkReply };

/** What the link shows; asked once per token (no retry on a 4xx, no refetch on focus). */
export const tipLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['tip-link', token],
    queryFn: (): Promise<TipLinkReply> => unwrap(link.$get({ param: path({ token }) })),
    ...oncePerLink,
    retry: false,
  });

export const tipByLink = (token: string, tip: TipBody): Promise<{ msg: string; tip: number }> =>
  unwrap(link.$post({ param: path({ token }), json: { tip } }));
