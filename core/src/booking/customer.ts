import * as z from 'zod';
import { NOT_SIGNED_IN, useUser } from '../actor';
import type { Page, TransactItem } from '../db/entity';
import { VisibleError } from '../error';
import * as time from '../time';
import { BookingPhoto } from '../photo/index';
import { User } from '../user/index';
import { callerFirst, fn } from '../util/fn';
import { createId } from '../util/id';
import { placeBooking } from './address';
import { planPrice, type PlanVisit } from './plan-visit';
import { closeItems, openForBooking, recommendedMessages } from '../garage/recommend';
import { vehicleOf } from './vehicle';
import { openTimes } from './availability';
import { claim, fitsWorkingDay } from './claim';
import { newestReviewable } from './for-review';
import { upcomingFirst } from './upcoming-first';
import { CreateInput, VehicleInput } from './input';
import { lateCancelFeeCents, lateCancelPolicy, lateFeeMessages } from './late-cancel';
import { paymentSteps } from './payment-steps';
import { bookingReceivedMail, shopNewBookingMail } from './mail';
import { BookingLink } from './link';
import { linkButtons, linkButtonsNote } from './link-mail';
import { dueItems, insideWindow } from './reminder-due';
import { bookingMessages, customerCanCancel, customerCanEdit, type StatusChangeBy } from './rules';
import { changeStatus, currentBy } from './status';
import {
  entity,
  type Info,
  mailInfo,
  ownedBooking,
  type Stored,
  toCustomer,
  withService,
  withServices,
} from './store';

/** The customer's verbs: booking, their list, the vehicle, cancelling, and the review's booking. */

/**
 * Books a service for the signed-in customer (doc 1 §3, §5, §7). 403 without
 * a card on file; 409 when the time was taken, the crew is full, or the time
 * is not one availability offers; 201 with the Pending booking otherwise.
 */
export const create = fn(CreateInput, async (input): Promise<Info> => {
  const me = useUser();
  const account = await User.find(me.userId);
  if (!account) throw new VisibleError('unauthorized', NOT_SIGNED_IN);
  return createFor(account, input);
});

/**
 * The booking itself, for `account`: the customer's own (`create`), or a plan's visit (issue 35,
 * decision 131: `plan`, placed by the plan's enrolment or its job, through this same check and claim),
 * priced at the plan's visit price and sending no "booking received" mail of its own (the plan's
 * mail lists its visits; the reminders carry each visit's links). Another booking of a vehicle
 * whose plan is active gets the plan's discount (`planDiscountOf`).
 */
export async function createFor(
  account: User.Account,
  input: z.output<typeof CreateInput>,
  plan?: PlanVisit,
): Promise<Info> {
  if (!account.hasCardOnFile) throw new VisibleError('forbidden', bookingMessages.cardRequired);
  if (input.date < time.today()) throw new VisibleError('invalid', bookingMessages.pastDate);
  const place = await placeBooking(input, account.id);
  const phone = await phoneFor(account, input.phone);
  const car = await vehicleOf(account.id, input);

  // One question at the booking's place (decision 112): is this time offered there? The offered
  // slot (or legacy time) here; the route on the crew's days read here, by the claim.
  const location = place.serviceAddress.location;
  const {
    service,
    slots,
    read,
    quote,
    availability: open,
  } = await openTimes(input.serviceId, input.date, {
    place: location ? { lat: location.lat, lng: location.lng } : null,
    at: input.time,
    choice: { vehicleClass: input.vehicleClass, addOnIds: input.addOnIds },
  });
  if (!open.times.includes(input.time)) throw new VisibleError('conflict', bookingMessages.timeUnavailable);
  const slot = open.system === 'timeslot' ? slots.find((s) => s.time === input.time) : undefined;
  if (open.system === 'timeslot' && !slot) {
    throw new VisibleError('conflict', bookingMessages.timeUnavailable);
  }

  // The recommended work it takes (issue 33): still open and the customer's, closed by this booking.
  // The booking wizard sends the garage vehicle picked with its lines: they must be that vehicle's.
  if (input.recommended && input.vehicleId && input.vehicleId !== input.recommended.vehicleId) {
    throw new VisibleError('invalid', recommendedMessages.otherVehicle);
  }
  const recommended = input.recommended ? await openForBooking(account.id, input.recommended) : [];
  const photoIds = input.photoIds ?? [];
  if (service.photoRequired && photoIds.length === 0) {
    throw new VisibleError('invalid', BookingPhoto.photoMessages.required);
  }

  const now = new Date().toISOString();
  const bookingId = createId('booking');
  // The price and length of this class with these add-ons, computed here (issue 34): never the client's.
  const durationMinutes = quote.minutes;
  if (!(await fitsWorkingDay(input.date, durationMinutes))) {
    throw new VisibleError(
      'invalid',
      'This service is too long to book online. Please call us to schedule it.',
    );
  }
  const base: Omit<Stored, 'claim'> = {
    id: bookingId,
    userId: account.id,
    customer: {
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      ...(phone ? { phone } : {}),
    },
    serviceId: service._id,
    serviceName: service.name,
    ...(await planPrice(account.id, car.vehicleId, quote.priceCents, plan)),
    ...(quote.vehicleClass ? { vehicleClass: quote.vehicleClass } : {}),
    ...(quote.addOns.length > 0 ? { addOns: quote.addOns } : {}),
    isCustomService: false,
    createdByAdmin: false,
    requiresCustomerVerification: false,
    status: 'Pending',
    date: input.date,
    time: input.time,
    durationMinutes,
    clientFirstName: input.clientFirstName,
    clientLastName: input.clientLastName,
    ...car,
    ...(input.recommended ? { vehicleId: input.recommended.vehicleId } : {}),
    notes: input.notes,
    ...(photoIds.length ? { photos: photoIds.map((id) => ({ id, addedAt: now })) } : {}),
    serviceStatus: '',
    ...place,
    slotId: slot?.id,
    bookedKey: service._id,
    statusHistory: [
      {
        from: null,
        to: 'Pending',
        by: { _id: account.id, name: `${account.firstName} ${account.lastName}`, role: 'customer' },
        at: now,
      },
    ],
    createdAt: now,
    updatedAt: now,
  };
  // Its reminders (issue 21); made inside the reminder window, it gets none: this mail carries the links.
  const links = insideWindow(base, new Date(now)) ? BookingLink.prepare(base, { now: new Date(now) }) : null;
  const buttons = links ? [...linkButtons(base.id, links.token), linkButtonsNote] : [];
  const record = await claim(base, now, {
    write: (r) => entity.tx.put(r, { ifAbsent: true }),
    extra: (r) => [...dueItems(r, new Date(now)), ...(links?.items ?? []), ...(plan?.items?.(r) ?? [])],
    takes: [
      { items: (r) => closeItems(recommended, 'booked', now, r.id), refused: recommendedMessages.notOpen },
      {
        items: (r) =>
          BookingPhoto.claimItems(photoIds, {
            userId: account.id,
            bookingId,
            dueAt: BookingPhoto.retainedUntil(r),
          }),
        refused: BookingPhoto.photoMessages.gone,
      },
    ],
    mails: (r) => [
      ...(plan ? [] : toCustomer(r, (info) => bookingReceivedMail(info, buttons))),
      shopNewBookingMail(mailInfo(r)),
    ],
    taken: bookingMessages.slotTaken,
    crewFull: bookingMessages.crewFull,
    read,
  });
  return withService(record);
}

/**
 * The number a new booking carries (issue 30, decision 093): the one sent, kept on an account that
 * has none (before the claim: a booking that then fails leaves it kept, as asked), else the
 * account's own. None when neither: the spec's client, which sends no phone, still books.
 */
async function phoneFor(account: User.Account, sent: string | undefined): Promise<string | undefined> {
  const own = User.contactPhone(account);
  if (!sent) return own;
  // Set meanwhile (another booking at once: null): that one stays; this booking carries what it sent.
  if (!account.phone) await User.setPhoneIfNone(account, sent);
  return sent;
}

// ---------------------------------------------------------------------------
// The customer's bookings

/** The customer's bookings in one page when the caller names no `limit` (decision 049). */
export const MINE_PAGE = 20;

/**
 * One page of the signed-in customer's bookings (doc 2 §2, Service History; decision 062): the
 * upcoming ones first, soonest first, then the past ones, newest first (issue 30, decision 095);
 * their byOwner range, bounded by `limit` and the read budget; the cursor of the next page, or null.
 */
export async function listMine(page: { limit?: number; cursor?: string | null } = {}): Promise<Page<Info>> {
  const me = useUser();
  const mine = await upcomingFirst(
    ({ between, descending, limit, cursor }) =>
      entity.query({
        ...entity.where('byCustomer', { userId: me.userId }),
        sort: { between },
        descending,
        limit,
        cursor,
      }),
    { prefix: 'BOOKING#', today: time.today(), limit: page.limit ?? MINE_PAGE, cursor: page.cursor },
  );
  return { items: await withServices(mine.items), cursor: mine.cursor };
}

/** The owner changes the vehicle fields and notes, only while Pending (doc 2 §5). */
export const updateVehicle = fn(z.tuple([z.string(), VehicleInput]), updateVehicleNow);
async function updateVehicleNow(bookingId: string, input: z.output<typeof VehicleInput>): Promise<Info> {
  const booking = await ownedBooking(bookingId);
  if (!customerCanEdit(booking.status)) throw new VisibleError('conflict', bookingMessages.notEditable);
  const updated = await entity.patch(
    { id: booking.id },
    {
      set: {
        vehicleMake: input.vehicleMake,
        vehicleModel: input.vehicleModel,
        vehicleYear: input.vehicleYear,
        vehicleColor: input.vehicleColor,
        notes: input.notes,
        updatedAt: new Date().toISOString(),
      },
      when: (c) => c.and(c.itemExists(), c.eq('status', 'Pending')),
    },
  );
  if (!updated) throw new VisibleError('conflict', bookingMessages.notEditable);
  return withService(updated);
}

/**
 * The owner cancels a Pending or Confirmed booking: its status, the slot,
 * the BOOKED guard and the technician's time change in one transaction,
 * with the mails to the customer and the shop. A cancelled booking is
 * answered as it is.
 */
export const cancel = fn(
  z.tuple([z.string(), z.object({ acceptLateFee: z.boolean().optional() }).optional()]),
  async (bookingId, options = {}): Promise<Info> => {
    const booking = await ownedBooking(bookingId);
    // Cancelling twice (a double click, a retry after a lost reply) answers with the cancelled booking.
    if (booking.status === 'Cancelled') return withService(booking);
    return cancelAs(booking, await currentBy(), options);
  },
  callerFirst(useUser),
);

/**
 * The cancel itself, for the signed-in owner or admin (`cancel`) and the
 * reminder's link (core/src/booking-link/landing.ts, which passes `commit`
 * to use its token in the same transaction): the late-cancel fee rules, the
 * status change with its mails, then the fee's charge.
 */
export async function cancelAs(
  booking: Stored,
  by: StatusChangeBy,
  options: { acceptLateFee?: boolean; commit?: (items: TransactItem[]) => Promise<void> } = {},
): Promise<Info> {
  if (!customerCanCancel(booking.status)) throw new VisibleError('conflict', bookingMessages.notCancellable);
  // The late-cancel fee (late-cancel.ts; billing charges it): the owner's own cancellation only, and only once agreed to.
  const feeCents = by.role === 'customer' ? lateCancelFeeCents(booking) : 0;
  const policy = lateCancelPolicy();
  if (feeCents > 0 && policy && !options.acceptLateFee) {
    throw new VisibleError('conflict', lateFeeMessages.accept(feeCents, policy.hours), {
      lateCancelFeeCents: feeCents,
    });
  }
  const cancelled = await changeStatus(booking, 'Cancelled', by, { commit: options.commit });
  if (feeCents === 0) return cancelled;
  return withService(await paymentSteps().chargeLateFee(cancelled, feeCents));
}

// ---------------------------------------------------------------------------
// Reviews

export const REVIEW_NOT_COMPLETE = 'You can leave a review once the service is complete.';
export const ALREADY_REVIEWED = 'You have already reviewed this booking.';

export const REVIEWS_BY_CUSTOMERS = 'A review is left by the customer who booked.';

/**
 * The signed-in customer's booking to review (`GET /api/bookings/{id}/review`: the review request's link,
 * issue 21): theirs (404), Completed and not yet reviewed (409); the shop's staff leave none (403).
 */
const reviewer = () => {
  if (useUser().role !== 'user') throw new VisibleError('forbidden', REVIEWS_BY_CUSTOMERS);
};

export const forReview = fn(
  z.string(),
  async (bookingId): Promise<Info> => {
    reviewer();
    const booking = await ownedBooking(bookingId);
    if (booking.userId !== useUser().userId) throw new VisibleError('not_found', bookingMessages.notFound);
    if (booking.status !== 'Completed') throw new VisibleError('conflict', REVIEW_NOT_COMPLETE);
    if (booking.testimonialId) throw new VisibleError('conflict', ALREADY_REVIEWED);
    return withService(booking);
  },
  callerFirst(reviewer),
);

/** The signed-in customer's newest Completed, unreviewed booking of the service (./for-review.ts); 400 for none. */
export const newestToReview = (serviceId: string) => newestReviewable(entity, useUser().userId, serviceId);

/** Records the testimonial on the booking, in the testimonial's transaction: once, by its owner, when Completed. */
export function reviewItem(bookingId: string, userId: string, testimonialId: string): TransactItem {
  return entity.tx.patch(
    { id: bookingId },
    {
      set: { testimonialId },
      when: (c) => c.and(c.eq('userId', userId), c.eq('status', 'Completed'), c.notExists('testimonialId')),
    },
  );
}
