import type { BookingStatus } from '@app/core/booking/rules';

/** A custom booking as its confirmation link reads it (doc 2 §3; GET /api/bookings/verify-custom-booking/{token}). */
export type CustomBookingView = {
  _id: string;
  status: BookingStatus;
  isCustomService: boolean;
  customServiceName: string | null;
  customServicePrice: number | null;
  service: { name: string; price: number } | null;
  date: string;
  time: string;
  duration: number | null;
  vehicleYear: number | string | null;
  vehicleMake: string;
  vehicleModel: string;
  vehicleColor: string | null;
  notes: string | null;
  customer: { firstName: string; lastName: string; email: string };
};
