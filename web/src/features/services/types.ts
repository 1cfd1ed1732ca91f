import type { Service } from '@app/core/service/index';

/** A service as GET /api/services returns it. Type-only import: no zod reaches the browser. */
export type ServiceInfo = Service.Info;

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** Book Now passes the chosen service along (doc 1 §2), so /book/{id} need not fetch it again. */
    service?: ServiceInfo;
  }
}
