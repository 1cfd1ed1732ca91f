import type { TrackingReply } from '@app/functions/api/track';

/** The tracking page's reply, as the API types it. */
export type TrackingView = TrackingReply;
