import { apiWithoutSession, path, unwrap } from '../../lib/api';

/**
 * Which list a link leaves: review requests (issue 21), recommended work's follow-ups (issue 33), all
 * marketing, or one due notice's "not now" (issue 34).
 */
export type UnsubscribeList = 'review-requests' | 'recommended-work' | 'marketing' | 'not-now';

/** POST /api/unsubscribe/{token}?list=…: leaves that list for the account the link was sent to. */
export const unsubscribeFrom = (token: string, list: UnsubscribeList): Promise<{ msg: string }> =>
  unwrap(apiWithoutSession.api.unsubscribe[':token'].$post({ param: path({ token }), query: { list } }));
