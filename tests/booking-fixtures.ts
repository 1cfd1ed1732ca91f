import type { BookingReply } from '../functions/src/api/booking-reply';

/**
 * Who the test customer books as, and for what: Casey Tester's blue 2019 Honda Civic. The browser
 * specs book with it (e2e/helpers/bookings.ts) and the web's unit tests show it; type imports only,
 * so the web's tests may take it as they take tests/address-fixtures.
 */
export const caseysCivic = {
  clientFirstName: 'Casey',
  clientLastName: 'Tester',
  vehicleMake: 'Honda',
  vehicleModel: 'Civic',
  vehicleYear: 2019,
  vehicleColor: 'Blue',
  notes: '',
};

/**
 * A booking as GET /api/bookings replies (the contract's every field): Casey's Civic booked for an
 * oil change, Pending, nothing paid, no technician yet; `overrides` win. For the tests that show a
 * reply without the server (the card's unit test, the browser specs that replace the replies).
 */
export const bookingReplyFixture = (overrides: Partial<BookingReply> = {}): BookingReply => ({
  _id: 'bkg_1',
  status: 'Pending',
  service: { _id: 'svc_1', name: 'Oil Change', price: 89 },
  serviceName: 'Oil Change',
  servicePrice: 79,
  isCustomService: false,
  customServiceName: null,
  customServicePrice: null,
  createdByAdmin: false,
  requiresCustomerVerification: false,
  user: null,
  phone: null,
  date: '2026-03-09',
  time: '09:00',
  duration: 60,
  vehicleClass: null,
  addOns: [],
  ...caseysCivic,
  photos: [],
  serviceStatus: '',
  payment: null,
  cancellationFee: null,
  reviewed: false,
  serviceAddress: null,
  tripFee: 0,
  progress: { onMyWayAt: null, etaAt: null, arrivedAt: null, startedAt: null },
  technician: null,
  attendanceConfirmedAt: null,
  createdAt: '2026-03-01T12:00:00.000Z',
  updatedAt: '2026-03-01T12:00:00.000Z',
  ...overrides,
});
