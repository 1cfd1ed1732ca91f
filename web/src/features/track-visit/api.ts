import { queryOptions } from '@tanstack/react-query';
import { api, path, unwrap } from '../../lib/api';
import type { TrackingView } from './types';

/** GET /api/track/{token} (issue 21): the visit as the customer follows it; no sign-in, the link is the key. */
const link = api.api.track[':token'];

/** How often the page asks again while the visit is under way. */
export const POLL_MS = 20_000;

export const trackingQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['track', token],
    queryFn: (): Promise<TrackingView> => unwrap(link.$get({ param: path({ token }) })),
    // Until the visit is over: every POLL_MS, and whenever the page comes back into view.
    refetchInterval: (query) => (isOver(query.state.data) || query.state.error ? false : POLL_MS),
    refetchOnWindowFocus: true,
    retry: false,
  });

const isOver = (view: TrackingView | undefined) => view?.state === 'done' || view?.state === 'cancelled';
