import { Billing } from '@app/core/billing/index';
import { Booking } from '@app/core/booking/index';
import type { StatusChange } from '@app/core/booking/rules';
import { toDollars } from '@app/core/money';
import type { VehicleClass } from '@app/core/garage/model';
import { type AddOnReply, addOnReply } from './services';
import { type PaymentLinkReply, paymentLinkReply } from './payment-link-reply';
import { type ProgressReply, progressReply, type ServiceAddressReply, serviceAddressReply } from './replies';

export type { ProgressReply, ServiceAddressReply } from './replies';

/** How /api/bookings answers (moved from ./bookings.ts): bookings, the desk's, the confirmation page's, charges. */

/** A booking as the spec's clients read it (doc 2 §3 Booking): money in dollars, converted here at the edge. */
export type BookingReply = {
  _id: string;
  status: Booking.Stored['status'];
  /** The live service; null when it was removed (the review button then says so). */
  service: { _id: string; name: string; price: number } | null;
  /** Snapshots taken when the booking was made. */
  serviceName: string;
  servicePrice: number;
  isCustomService: boolean;
  customServiceName: string | null;
  customServicePrice: number | null;
  createdByAdmin: boolean;
  requiresCustomerVerification: boolean;
  user: { _id: string; firstName: string; lastName: string; email: string } | null;
  /** The number the job is reached at (issue 30), as (610) 555-0123; null: none given (the desk says so). */
  phone: string | null;
  date: string;
  time: string;
  duration: number;
  clientFirstName: string;
  clientLastName: string;
  vehicleMake: string;
  vehicleModel: string;
  vehicleYear: number;
  vehicleColor: string;
  /** The class and add-ons it was priced and timed for (issue 34); null and [] when none were chosen. */
  vehicleClass: VehicleClass | null;
  addOns: AddOnReply[];
  /** The garage vehicle it is for (decision 117); null when none. */
  vehicleId?: string | null;
  notes: string;
  /** The customer's photos (issue 34): each served by `GET /api/bookings/{id}/photos/{_id}`. */
  photos: { _id: string }[];
  serviceStatus: string;
  payment: {
    status: 'pending' | 'paid' | 'failed';
    amount: number;
    providerPaymentId: string | null;
    failureReason: string | null;
    at: string;
    /** What the amount is (decision 068): the booked price or the work order's total, and the trip fee in it. */
    basis: 'booking' | 'workOrder';
    workOrderId: string | null;
    tripFee: number;
    /** Charge attempts made; `retriesStopped` once the scheduled job gave up (decision 069). */
    attempts: number;
    retriesStopped: boolean;
    /** The customer's tip, apart from the amount (issue 35), and what is left of it to refund. */
    tip: number;
    tipRefundable: number;
    refunded: number;
    refundable: number;
    refunds: { _id: string; amount: number; tip: number; reason: string; by: string; at: string }[];
    /** The Square payment link sent for it (decision 070); null when none was sent. */
    link: PaymentLinkReply | null;
  } | null;
  /** The late-cancel fee charged when the customer cancelled late (decision 069). */
  cancellationFee: { status: 'pending' | 'paid' | 'failed'; amount: number; at: string } | null;
  reviewed: boolean;
  /** Where the job is (issue 20); null for bookings made before addresses. */
  serviceAddress: ServiceAddressReply | null;
  /** The trip fee snapshot in dollars (0: none). */
  tripFee: number;
  /** The visit as the shop reported it (issue 21, decision 076): each step's time, null until recorded. */
  progress: ProgressReply;
  /** The technician whose time it holds (issue 22); null when it holds none. */
  technician: { number: number; firstName: string; lastName: string } | null;
  /** When the customer answered a reminder with "I'll be there" (issue 21); null: not (yet). */
  attendanceConfirmedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export function bookingReply(b: Booking.RowInfo): BookingReply {
  return {
    _id: b.id,
    status: b.status,
    service: b.service
      ? { _id: b.service._id, name: b.service.name, price: toDollars(b.service.priceCents) }
      : null,
    serviceName: b.serviceName,
    servicePrice: toDollars(b.priceCents),
    isCustomService: b.isCustomService,
    customServiceName: b.isCustomService ? b.serviceName : null,
    customServicePrice: b.isCustomService ? toDollars(b.priceCents) : null,
    createdByAdmin: b.createdByAdmin,
    requiresCustomerVerification: b.requiresCustomerVerification,
    user:
      b.userId && b.customer
        ? {
            _id: b.userId,
            firstName: b.customer.firstName,
            lastName: b.customer.lastName,
            email: b.customer.email,
          }
        : null,
    phone: b.phone,
    date: b.date,
    time: b.time,
    duration: b.durationMinutes,
    clientFirstName: b.clientFirstName,
    clientLastName: b.clientLastName,
    vehicleMake: b.vehicleMake,
    vehicleModel: b.vehicleModel,
    vehicleYear: b.vehicleYear,
    vehicleColor: b.vehicleColor,
    vehicleClass: b.vehicleClass ?? null,
    addOns: (b.addOns ?? []).map(addOnReply),
    vehicleId: b.vehicleId ?? null,
    notes: b.notes,
    photos: (b.photos ?? []).map((p) => ({ _id: p.id })),
    serviceStatus: b.serviceStatus,
    payment: b.payment
      ? {
          status: b.payment.status,
          amount: toDollars(b.payment.amountCents),
          providerPaymentId: b.payment.providerPaymentId ?? null,
          failureReason: b.payment.failureReason ?? null,
          at: b.payment.at,
          basis: b.payment.basis ?? 'booking',
          workOrderId: b.payment.workOrderId ?? null,
          tripFee: toDollars(b.payment.tripFeeCents ?? 0),
          attempts: b.payment.attempts ?? 1,
          retriesStopped: b.payment.stopped === true,
          tip: toDollars(b.payment.tipCents ?? 0),
          tipRefundable: toDollars(b.payment.status === 'paid' ? (b.payment.tipRefundableCents ?? 0) : 0),
          refunded: toDollars(b.payment.refundedCents ?? 0),
          refundable: toDollars(
            b.payment.status === 'paid' ? (b.payment.refundableCents ?? b.payment.amountCents) : 0,
          ),
          refunds: (b.payment.refunds ?? []).map((r) => ({
            _id: r.id,
            amount: toDollars(r.amountCents),
            tip: toDollars(r.tipCents ?? 0),
            reason: r.reason,
            by: r.by,
            at: r.at,
          })),
          link: paymentLinkReply(b.payment.link),
        }
      : null,
    cancellationFee: b.cancellationFee
      ? {
          status: b.cancellationFee.status,
          amount: toDollars(b.cancellationFee.amountCents),
          at: b.cancellationFee.at,
        }
      : null,
    reviewed: b.testimonialId !== undefined,
    serviceAddress: serviceAddressReply(b),
    tripFee: toDollars(b.tripFeeCents ?? 0),
    progress: progressReply(b),
    technician: b.technician,
    attendanceConfirmedAt: b.attendanceConfirmedAt ?? null,
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
  };
}

/** What the admin's desk reads (the bookings desk contract): the booking and its audit trail. */
export type AdminBookingReply = BookingReply & { statusHistory: StatusChange[] };

export const adminBookingReply = (b: Booking.Info): AdminBookingReply => ({
  ...bookingReply(b),
  statusHistory: b.statusHistory,
});

/** A custom booking as the confirmation page reads it (doc 2 §3), by its link: only what the customer needs. */
export type ConfirmationReply = {
  _id: string;
  status: Booking.Stored['status'];
  isCustomService: boolean;
  customServiceName: string | null;
  customServicePrice: number | null;
  service: { name: string; price: number } | null;
  date: string;
  time: string;
  duration: number;
  vehicleYear: number;
  vehicleMake: string;
  vehicleModel: string;
  vehicleColor: string;
  notes: string;
  customer: { firstName: string; lastName: string; email: string };
  serviceAddress: ServiceAddressReply | null;
  tripFee: number;
};

export function confirmationReply(b: Booking.Info): ConfirmationReply {
  return {
    _id: b.id,
    status: b.status,
    isCustomService: b.isCustomService,
    customServiceName: b.isCustomService ? b.serviceName : null,
    customServicePrice: b.isCustomService ? toDollars(b.priceCents) : null,
    // The price agreed when the booking was made, under the service's current name when it still exists.
    service: b.isCustomService
      ? null
      : { name: b.service?.name ?? b.serviceName, price: toDollars(b.priceCents) },
    date: b.date,
    time: b.time,
    duration: b.durationMinutes,
    vehicleYear: b.vehicleYear,
    vehicleMake: b.vehicleMake,
    vehicleModel: b.vehicleModel,
    vehicleColor: b.vehicleColor,
    notes: b.notes,
    customer: b.customer ?? { firstName: b.clientFirstName, lastName: b.clientLastName, email: '' },
    serviceAddress: serviceAddressReply(b),
    tripFee: toDollars(b.tripFeeCents ?? 0),
  };
}

export type ChargeOptionsReply = {
  bookedPrice: number;
  tripFee: number;
  /** The tolerance as a fraction (0.1: 10%). */
  tolerance: number;
  workOrder: {
    _id: string;
    workOrderNumber: string;
    acknowledged: boolean;
    subtotal: number;
    tax: number;
    total: number;
  } | null;
  workOrderAllowed: boolean;
  defaultCharge: Billing.ChargeChoice;
  /** What each choice charges, trip fee included. */
  amounts: { booking: number; workOrder: number | null };
};

/** What the confirm step of a completion shows (issue 30): the server's amount and the card. */
export type ChargePreviewReply = {
  amount: number | null;
  charge: Billing.ChargeChoice | null;
  card: { brand: string; last4: string } | null;
  /** "This charges $149.00 to the card ending 1111." (or why it cannot be charged). */
  msg: string;
  /** Why completing now is refused; null when it may. */
  refusal: string | null;
  /** The refusal is the completion rule's: an admin may complete anyway with a reason. */
  overridable: boolean;
  /**
   * The tip the customer may add at sign-off (issue 35, decision 130), in dollars: the amount before
   * tax it is on, each percent's amount (the server's), the most one may type; null: none offered.
   */
  tip: { base: number; choices: { percent: number; amount: number }[]; max: number } | null;
};

export const tipOfferReply = (t: Billing.TipOffer | null): ChargePreviewReply['tip'] =>
  t
    ? {
        base: toDollars(t.baseCents),
        choices: t.choices.map((c) => ({ percent: c.percent, amount: toDollars(c.cents) })),
        max: toDollars(t.maxCents),
      }
    : null;

export function chargeOptionsReply(o: Billing.ChargeOptions): ChargeOptionsReply {
  const wo = o.workOrder;
  return {
    bookedPrice: toDollars(o.bookedCents),
    tripFee: toDollars(o.tripFeeCents),
    tolerance: o.tolerance,
    workOrder: wo
      ? {
          _id: wo.id,
          workOrderNumber: wo.workOrderNumber,
          acknowledged: wo.acknowledged,
          subtotal: toDollars(wo.subtotalCents),
          tax: toDollars(wo.taxCents),
          total: toDollars(wo.totalCents),
        }
      : null,
    workOrderAllowed: o.workOrderAllowed,
    defaultCharge: o.defaultBasis,
    amounts: {
      booking: toDollars(o.bookedCents + o.tripFeeCents),
      workOrder: wo ? toDollars(wo.totalCents + o.tripFeeCents) : null,
    },
  };
}
