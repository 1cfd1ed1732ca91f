import type { ServiceReply } from '@app/functions/api/services';

/** A service as GET /api/services returns it (price in dollars). Type-only import: no zod reaches the browser. */
export type ServiceInfo = ServiceReply;

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** Book Now passes the chosen service along (doc 1 §2), so /book/{id} need not fetch it again. */
    service?: ServiceInfo;
  }
}
