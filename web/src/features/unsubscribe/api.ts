import { apiWithoutSession, path, unwrap } from '../../lib/api';

/** POST /api/unsubscribe/{token} (issue 21): turns review requests off for the account the link was mailed to. */
export const unsubscribeFromReviews = (token: string): Promise<{ msg: string }> =>
  unwrap(apiWithoutSession.api.unsubscribe[':token'].$post({ param: path({ token }) }));

/** POST /api/recommendations/unsubscribe/{token} (issue 33): turns recommended work's follow-ups off. */
export const unsubscribeFromFollowUps = (token: string): Promise<{ msg: string }> =>
  unwrap(apiWithoutSession.api.recommendations.unsubscribe[':token'].$post({ param: path({ token }) }));
