import { Booking } from '@app/core/booking/index';
import { Reschedule } from '@app/core/reschedule/index';
import { Visit } from '@app/core/visit/index';
import { Billing } from '@app/core/billing/index';
import { PaymentLink } from '@app/core/payment-link/index';
import { bookingMessages, CUSTOM_PRICE_MAX, deskMessages } from '@app/core/booking/rules';
import { toCents, toDollars } from '@app/core/money';
import { dollars } from '@app/core/rules/schema';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { requireAdmin, requireStaff, requireUser } from './auth';
import {
  adminBookingReply,
  bookingReply,
  chargeOptionsReply,
  type ChargePreviewReply,
  confirmationReply,
  tipOfferReply,
} from './booking-reply';
import { invalidInput, pageQuery, pageReply } from './validation';

export type {
  AdminBookingReply,
  BookingReply,
  ChargeOptionsReply,
  ChargePreviewReply,
  ConfirmationReply,
  ProgressReply,
  ServiceAddressReply,
} from './booking-reply';
export { adminBookingReply, bookingReply, confirmationReply } from './booking-reply';

/** The header that names the next page of a bare-array list (decision 049). */

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
/** What POST /api/bookings/admin-create takes (the web's custom booking sends it). */
export type CustomBookingBody = z.input<typeof AdminCreateBody>;
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

/**
 * A refund as the desk sends it: the amount in dollars (core takes cents) and the reason; the tip
 * given back is a line apart (issue 35), `tip` in dollars, and then the amount may be left out.
 */
const RefundBody = z
  .object({
    amount: dollars('Refund amount', 99_999_999).optional(),
    tip: dollars('Tip refund', 99_999_999).optional(),
    reason: z.unknown(),
  })
  .transform(({ amount, tip, reason }) => ({
    amountCents: toCents(amount ?? 0),
    ...(tip === undefined ? {} : { tipCents: toCents(tip) }),
    reason,
  }))
  .pipe(Billing.RefundInput);

/** /api/bookings (doc 1 §7, doc 2 §7): booking, the customer's history, edit, cancel, and the admin's status. */
export const bookings = new Hono()
  .post('/', requireUser, zValidator('json', Booking.CreateInput, invalidInput), async (c) => {
    const booking = await Booking.create(c.req.valid('json'));
    return c.json({ msg: bookingMessages.created, booking: bookingReply(booking) }, 201);
  })
  // The customer's Service History: a bare array, paged like /all (decisions 049, 062).
  .get('/', requireUser, zValidator('query', pageQuery, invalidInput), async (c) => {
    return pageReply(c, await Booking.listMine(c.req.valid('query')), bookingReply);
  })
  // A bare array, as the spec's client reads it; a next page is named by X-Next-Cursor (decision 049).
  .get('/all', requireAdmin, zValidator('query', Booking.AllFilters, invalidInput), async (c) => {
    return pageReply(c, await Booking.listAll(c.req.valid('query')), bookingReply);
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
        tip: tipOfferReply(p.tip),
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
