import { Booking } from '@app/core/booking/index';
import { Reschedule } from '@app/core/reschedule/index';
import { Visit } from '@app/core/visit/index';
import { Billing } from '@app/core/billing/index';
import { PaymentLink } from '@app/core/payment-link/index';
import { bookingMessages, CUSTOM_PRICE_MAX, deskMessages, type StatusChange } from '@app/core/booking/rules';
import { toCents, toDollars } from '@app/core/money';
import { dollars } from '@app/core/rules/schema';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { requireAdmin, requireStaff, requireUser } from './auth';
import { type PaymentLinkReply, paymentLinkReply } from './payment-link-reply';
import { invalidInput, pageQuery } from './validation';

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
  notes: string;
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
    refunded: number;
    refundable: number;
    refunds: { _id: string; amount: number; reason: string; by: string; at: string }[];
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

export type ProgressReply = {
  onMyWayAt: string | null;
  /** The arrival time the customer was given with "On my way". */
  etaAt: string | null;
  arrivedAt: string | null;
  startedAt: string | null;
};

const progressReply = ({ progress: p }: Pick<Booking.Stored, 'progress'>): ProgressReply => ({
  onMyWayAt: p?.onMyWayAt ?? null,
  etaAt: p?.etaAt ?? null,
  arrivedAt: p?.arrivedAt ?? null,
  startedAt: p?.startedAt ?? null,
});

/** A booking's service address on the wire: the spec's work-order address names, unit and access notes. */
export type ServiceAddressReply = {
  street: string;
  unit: string;
  city: string;
  state: string;
  zipCode: string;
  accessNotes: string;
};

const serviceAddressReply = (b: Pick<Booking.Stored, 'serviceAddress'>): ServiceAddressReply | null =>
  b.serviceAddress
    ? {
        street: b.serviceAddress.street,
        unit: b.serviceAddress.unit,
        city: b.serviceAddress.city,
        state: b.serviceAddress.state,
        zipCode: b.serviceAddress.zipCode,
        accessNotes: b.serviceAddress.accessNotes,
      }
    : null;

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
    notes: b.notes,
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
          refunded: toDollars(b.payment.refundedCents ?? 0),
          refundable: toDollars(
            b.payment.status === 'paid' ? (b.payment.refundableCents ?? b.payment.amountCents) : 0,
          ),
          refunds: (b.payment.refunds ?? []).map((r) => ({
            _id: r.id,
            amount: toDollars(r.amountCents),
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

/** The header that names the next page of a bare-array list (decision 049). */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

const byId = zValidator('param', z.object({ id: Booking.id }), invalidInput);
const byToken = zValidator(
  'param',
  z.object({ token: z.string().max(200, 'This booking link is not valid.') }),
  invalidInput,
);

type AdminCreateBody = Omit<z.input<typeof Booking.AdminCreateInput>, 'customServicePriceCents'> & {
  /** The custom service's price in dollars, as the spec's client sends it (doc 2 §5: min 0, step 0.01). */
  customServicePrice?: unknown;
};
const customServicePrice = dollars('Custom price', CUSTOM_PRICE_MAX * 100);

/**
 * The Create Custom Booking body: the spec's `customServicePrice` dollars
 * become core's cents here, at the edge (decisions 004, 059). Core says what
 * is missing; a price sent for an existing service is ignored, as before.
 */
const AdminCreateBody = z
  .custom<AdminCreateBody>((body) => typeof body === 'object' && body !== null && !Array.isArray(body), {
    error: 'Send the booking as a JSON object.',
  })
  .transform(({ customServicePrice: price, ...rest }, ctx) => {
    const custom = rest.isCustomService ?? rest.serviceId === undefined;
    if (!custom || price === undefined || price === null || price === '') return rest;
    const parsed = customServicePrice.safeParse(price);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Custom price must be a number.';
      ctx.addIssue({ code: 'custom', message, path: ['customServicePrice'] });
      return z.NEVER;
    }
    return { ...rest, customServicePriceCents: toCents(parsed.data) };
  })
  .pipe(Booking.AdminCreateInput);

/** A refund as the desk sends it: the amount in dollars (core takes cents) and the reason. */
const RefundBody = z
  .object({ amount: dollars('Refund amount', 99_999_999), reason: z.unknown() })
  .transform(({ amount, reason }) => ({ amountCents: toCents(amount), reason }))
  .pipe(Billing.RefundInput);

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
};

function chargeOptionsReply(o: Billing.ChargeOptions): ChargeOptionsReply {
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

/** /api/bookings (doc 1 §7, doc 2 §7): booking, the customer's history, edit, cancel, and the admin's status. */
export const bookings = new Hono()
  .post('/', requireUser, zValidator('json', Booking.CreateInput, invalidInput), async (c) => {
    const booking = await Booking.create(c.req.valid('json'));
    return c.json({ msg: bookingMessages.created, booking: bookingReply(booking) }, 201);
  })
  // The customer's Service History: a bare array, paged like /all (decisions 049, 062).
  .get('/', requireUser, zValidator('query', pageQuery, invalidInput), async (c) => {
    const page = await Booking.listMine(c.req.valid('query'));
    if (page.cursor) c.header(NEXT_CURSOR_HEADER, page.cursor);
    return c.json(page.items.map(bookingReply));
  })
  // A bare array, as the spec's client reads it; a next page is named by X-Next-Cursor (decision 049).
  .get('/all', requireAdmin, zValidator('query', Booking.AllFilters, invalidInput), async (c) => {
    const page = await Booking.listAll(c.req.valid('query'));
    if (page.cursor) c.header(NEXT_CURSOR_HEADER, page.cursor);
    return c.json(page.items.map(bookingReply));
  })
  .post('/admin-create', requireAdmin, zValidator('json', AdminCreateBody, invalidInput), async (c) =>
    c.json(adminBookingReply(await Booking.adminCreate(c.req.valid('json'))), 201),
  )
  .patch(
    '/:id/assign-customer',
    requireAdmin,
    byId,
    zValidator('json', Booking.AssignInput, invalidInput),
    async (c) => {
      const booking = await Booking.assignCustomer(c.req.valid('param').id, c.req.valid('json'));
      return c.json({ msg: deskMessages.assigned, booking: adminBookingReply(booking) });
    },
  )
  .get('/verify-custom-booking/:token', byToken, async (c) =>
    c.json(confirmationReply(await Booking.forConfirmation(c.req.valid('param').token))),
  )
  .post(
    '/verify-custom-booking/:token',
    byToken,
    zValidator('json', Booking.AnswerInput, invalidInput),
    async (c) => {
      const body = c.req.valid('json');
      const booking = await Booking.answerConfirmation(c.req.valid('param').token, body);
      return body.confirmed
        ? c.json({ msg: deskMessages.confirmed, booking: confirmationReply(booking) })
        : c.json({ msg: deskMessages.declined });
    },
  )
  // The audit trail of one booking, read when the desk opens it (not part of the list: decision 050).
  .get('/:id/history', requireAdmin, byId, async (c) =>
    c.json(await Booking.history(c.req.valid('param').id)),
  )
  .put('/:id', requireUser, byId, zValidator('json', Booking.VehicleInput, invalidInput), async (c) =>
    c.json(bookingReply(await Booking.updateVehicle(c.req.valid('param').id, c.req.valid('json')))),
  )
  // The owner or the admin moves a Pending booking to another address (issue 20): 409 when the day no longer fits.
  .patch(
    '/:id/address',
    requireUser,
    byId,
    zValidator('json', Reschedule.AddressChangeInput, invalidInput),
    async (c) =>
      c.json(bookingReply(await Reschedule.changeAddress(c.req.valid('param').id, c.req.valid('json')))),
  )
  // Decision 070: a Square payment link for an unpaid booking, mailed to the customer.
  .post('/:id/payment-link', requireAdmin, byId, async (c) => {
    const booking = await PaymentLink.sendForBooking(c.req.valid('param').id);
    return c.json({ msg: PaymentLink.sendMessages.sent, booking: adminBookingReply(booking) });
  })
  // The body is optional (the spec's client sends none): `{ acceptLateFee: true }` agrees to a late-cancel fee.
  .patch('/:id/cancel', requireUser, byId, async (c) => {
    const body: unknown = await c.req.json().catch(() => ({}));
    const acceptLateFee =
      typeof body === 'object' &&
      body !== null &&
      (body as { acceptLateFee?: unknown }).acceptLateFee === true;
    return c.json(bookingReply(await Booking.cancel(c.req.valid('param').id, { acceptLateFee })));
  })
  // What cancelling now would cost (decision 069): shown in the confirmation before the customer agrees.
  .get('/:id/cancel-preview', requireUser, byId, async (c) => {
    const preview = await Billing.cancelPreview(c.req.valid('param').id);
    return c.json({ lateCancelFee: toDollars(preview.feeCents), hours: preview.hours, msg: preview.msg });
  })
  // Both amounts completing could charge (decision 068): the booked price and the related work order's total.
  .get('/:id/charge-options', requireAdmin, byId, async (c) =>
    c.json(chargeOptionsReply(await Billing.chargeOptionsFor(c.req.valid('param').id))),
  )
  // What completing now would charge and to which card, or why it is refused (issue 30, decision 090).
  .get(
    '/:id/charge-preview',
    requireStaff,
    byId,
    zValidator('query', Billing.ChargePreviewInput, invalidInput),
    async (c) => {
      const p = await Billing.chargePreview(c.req.valid('param').id, c.req.valid('query'));
      c.header('Cache-Control', 'no-store');
      return c.json({
        amount: p.amountCents === null ? null : toDollars(p.amountCents),
        charge: p.basis,
        card: p.card,
        msg: p.message,
        refusal: p.refusal,
        overridable: p.overridable,
      } satisfies ChargePreviewReply);
    },
  )
  .post('/:id/retry-charge', requireAdmin, byId, async (c) =>
    c.json(adminBookingReply(await Billing.retryCharge(c.req.valid('param').id))),
  )
  .post('/:id/refunds', requireAdmin, byId, zValidator('json', RefundBody, invalidInput), async (c) => {
    const refunded = await Billing.refund(c.req.valid('param').id, c.req.valid('json'));
    return c.json({ msg: Billing.refundMessages.done, booking: adminBookingReply(refunded) }, 201);
  })
  // The booking a review request's link names (issue 21): the customer's own, Completed, not yet reviewed.
  .get('/:id/review', requireUser, byId, async (c) =>
    c.json(bookingReply(await Booking.forReview(c.req.valid('param').id))),
  )
  // The visit's progress (issue 21, decision 076): staff only (an admin, or the job's technician: core checks).
  .post(
    '/:id/progress',
    requireUser,
    byId,
    zValidator('json', Visit.ProgressInput, invalidInput),
    async (c) =>
      c.json(adminBookingReply(await Visit.recordProgress(c.req.valid('param').id, c.req.valid('json')))),
  )
  // The admin's desk; the job's technician may send Completed only (issue 22, core decides).
  .patch(
    '/:id/status',
    requireStaff,
    byId,
    zValidator('json', Booking.StatusInput, invalidInput),
    async (c) =>
      c.json(adminBookingReply(await Booking.setStatus(c.req.valid('param').id, c.req.valid('json')))),
  );
