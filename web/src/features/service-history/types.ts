import type { BookingReply } from '@app/functions/api/bookings';

/** A booking as GET /api/bookings returns it (prices in dollars). Type-only import: no zod reaches the browser. */
export type BookingInfo = BookingReply;

/** What the customer may change on a Pending booking (doc 2 §5). */
export type BookingEdit = Pick<
  BookingInfo,
  'vehicleMake' | 'vehicleModel' | 'vehicleYear' | 'vehicleColor' | 'notes'
>;

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** 'Leave a Review' carries the completed booking to /leave-review (doc 2 §2). */
    booking?: BookingInfo;
  }
}
