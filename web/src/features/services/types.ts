/** A service as GET /api/services returns it (price in dollars): the route's type. */
import type { ServiceInfo } from '../../lib/shared-queries';

export type { ServiceInfo };

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** Book Now passes the chosen service along (doc 1 §2), so /book/{id} need not fetch it again. */
    service?: ServiceInfo;
  }
}
