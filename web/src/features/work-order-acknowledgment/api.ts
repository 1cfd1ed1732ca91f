import { api, linkQueryOptions, path, unwrap } from '../../lib/api';
import type { AcknowledgmentSubmission } from './types';

/** GET and POST /api/workOrders/acknowledge/{token} (doc 2 §7): no login, the link's token is the key. */
const byToken = (token: string) => ({ param: path({ token }) });
const acknowledge = api.api.workOrders.acknowledge[':token'];

/** The work order behind a link; asked once per token (no retry on a 4xx, no refetch on focus). */
export const acknowledgmentQueryOptions = (token: string) =>
  linkQueryOptions('work-order-acknowledgment', token, (param) => unwrap(acknowledge.$get(param)));

export const acknowledgeWorkOrder = (token: string, submission: AcknowledgmentSubmission) =>
  unwrap(acknowledge.$post({ ...byToken(token), json: submission }));

/** Where the link's holder reads an inspection photo (decision 080): the token is the key, as for the page. */
export const linkPhotoUrl = (token: string, photoId: string, size: 'full' | 'small') =>
  acknowledge.photos[':photoId'].$path({ param: path({ token, photoId }), query: { size } });
