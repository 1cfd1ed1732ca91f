import type { BookingStatus } from '@app/core/booking/rules';

/**
 * A booking as GET /api/bookings returns it (the contract of issue 10). Written
 * out here until the API's `BookingReply` type is on main; then this becomes a
 * type-only import of it, as ServiceInfo is of ServiceReply.
 */
export type BookingInfo = {
  _id: string;
  status: BookingStatus;
  /** The live service; null when it was removed. */
  service: { _id: string; name: string; price: number } | null;
  /** Snapshot at booking time (the custom name for custom bookings). */
  serviceName: string;
  /** Dollars, snapshot at booking time. */
  servicePrice: number;
  isCustomService: boolean;
  customServiceName: string | null;
  customServicePrice: number | null;
  createdByAdmin: boolean;
  requiresCustomerVerification: boolean;
  user: { _id: string; firstName: string; lastName: string; email: string } | null;
  /** 'yyyy-MM-dd' in the business's zone. */
  date: string;
  /** 'HH:mm' in the business's zone. */
  time: string;
  /** Minutes. */
  duration: number;
  clientFirstName: string;
  clientLastName: string;
  vehicleMake: string;
  vehicleModel: string;
  vehicleYear: number;
  vehicleColor: string;
  /** '' when none. */
  notes: string;
  /** The shop's progress note; '' when none. */
  serviceStatus: string;
  payment: {
    status: 'pending' | 'paid' | 'failed';
    amount: number;
    providerPaymentId: string | null;
    failureReason: string | null;
    at: string;
  } | null;
  /** A testimonial was left for this booking. */
  reviewed: boolean;
  createdAt: string;
  updatedAt: string;
};

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
