import * as z from 'zod';
import { useUser } from '../actor';
import { batchGetItems, defineEntity, inCollection, type TransactItem } from '../db/entity';
import { putIfUnchanged as putRevision } from '../db/revision';
import { VisibleError } from '../error';
import type { Mail } from '../mail/index';
import { Service } from '../service/index';
import { User } from '../user/index';
import { entity as userEntity } from '../user/store';
import * as Technician from '../technician/technician';
import * as time from '../time';
import { StoredAddress } from '../address/stored';
import { Garage } from '../garage/index';
import { PaymentRecord } from '../payments/link-record';
import { idSchema } from '../util/id';
import type { BookingMailInfo } from './mail-info';
import { BOOKING_STATUSES, type BookingStatus, bookingMessages } from './rules';

/**
 * Bookings' storage and views: the stored record, its item and the BOOKED
 * guard, the reply a client gets (the stored booking with its live service),
 * the facts its mails show, and the reads by id every verb starts from
 * (docs/data-model.md, Bookings).
 */

export const id = idSchema('booking', 'booking');

/**
 * The technician's time a booking holds (decision 066): its technician and
 * the job's start and end. Claims made before the days (decision 024) also
 * list the 15-minute crew guards they wrote, and end after the drive.
 */
const Claim = z.object({
  technician: z.number().int(),
  start: z.string(),
  end: z.string(),
  blocks: z.array(z.string()).optional(),
});

const Refund = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  /** The tip given back with it, a line of its own (issue 35, decision 130); absent: none. */
  tipCents: z.number().int().optional(),
  reason: z.string(),
  providerRefundId: z.string(),
  by: z.string(),
  at: z.string(),
});
export type Refund = z.infer<typeof Refund>;

/**
 * The card's charge at completion, or a payment link (core/src/payments/link-record.ts, decision 070),
 * with what the charge is made of and what was refunded of it (decisions 068, 069).
 */
const Payment = PaymentRecord.extend({
  /** The charge attempts made (absent: 1); attempt n has its own idempotency key (charge.ts). */
  attempts: z.number().int().optional(),
  /** Set once the scheduled job has stopped retrying a declined charge. */
  stopped: z.boolean().optional(),
  /** What the amount is: the booked price, or a related work order's total (with tax); plus the trip fee. */
  basis: z.enum(['booking', 'workOrder']).optional(),
  workOrderId: z.string().optional(),
  tripFeeCents: z.number().int().optional(),
  /** What can still be refunded: the amount paid less refunds made and refunds in flight (reserved). */
  refundableCents: z.number().int().optional(),
  refundedCents: z.number().int().optional(),
  /** Refunds made, oldest first (at most MAX_REFUNDS: refund.ts). */
  refunds: z.array(Refund).optional(),
  /** A tip paid after the job is a payment of its own (issue 35, decision 130): its id at Square. */
  tipPaymentId: z.string().optional(),
});
export type Payment = z.infer<typeof Payment>;

const StatusChangeSchema = z.object({
  from: z.enum(BOOKING_STATUSES).nullable(),
  to: z.enum(BOOKING_STATUSES),
  by: z.object({
    _id: z.string().nullable(),
    name: z.string(),
    role: z.enum(['admin', 'customer', 'system', 'technician']),
  }),
  at: z.string(),
  /** Why the admin overrode the completion rule (decision 090). */
  reason: z.string().optional(),
});

/** The BOOKED guard's key of a custom booking: it has none (only the crew rule applies to it). */
export const CUSTOM_KEY = 'CUSTOM';
export const holdsBookedGuard = (b: { bookedKey: string }) => b.bookedKey !== CUSTOM_KEY;

export const Stored = z.object({
  id: z.string(),
  /** The customer's account (absent for an admin booking not yet assigned). */
  userId: z.string().optional(),
  /**
   * The customer's names, email and (issue 30) phone when the booking was made (what the admin sees
   * as `user`). No phone: the spec's client sends none and the account had none, or a booking made
   * before issue 30 (read with its account's phone: `contactPhones`).
   */
  customer: z
    .object({ firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string().optional() })
    .optional(),
  serviceId: z.string().optional(),
  /** Snapshots, so history reads right after the service changes or goes. */
  serviceName: z.string(),
  priceCents: z.number().int(),
  isCustomService: z.boolean(),
  createdByAdmin: z.boolean(),
  requiresCustomerVerification: z.boolean(),
  status: z.enum(BOOKING_STATUSES),
  date: z.string(),
  time: z.string(),
  durationMinutes: z.number().int(),
  clientFirstName: z.string(),
  clientLastName: z.string(),
  vehicleMake: z.string(),
  vehicleModel: z.string(),
  vehicleYear: z.number().int(),
  vehicleColor: z.string(),
  /** The garage vehicle it is for (issue 34, decision 117): the fields above are its snapshot. */
  vehicleId: z.string().optional(),
  /** A plan's visit (issue 35, decision 131): the enrolment that placed it; priced at the plan's visit price. */
  planEnrolmentId: z.string().optional(),
  /** Another booking of a vehicle on an active plan: the plan's discount taken off its price (percent). */
  planDiscountPercent: z.number().int().min(0).max(100).optional(),
  // The class and add-ons it was priced and timed for (issue 34, decision 122): `vehicleClass`, `addOns`.
  ...Service.BookedChoice.shape,
  notes: z.string(),
  /** The customer's photos (issue 34, decision 123): ids of `BookingPhoto` items, in the order attached. */
  photos: z.array(z.object({ id: z.string(), addedAt: z.string() })).optional(),
  serviceStatus: z.string(),
  /** Where the job is (issue 20); bookings made before addresses have none. */
  serviceAddress: StoredAddress.optional(),
  /** The trip fee for that address when booked, in cents (a snapshot; absent or 0: none). */
  tripFeeCents: z.number().int().nonnegative().optional(),
  /** The time slot it holds (slot system). */
  slotId: z.string().optional(),
  /** What the BOOKED guard is keyed by: the service id, or CUSTOM. */
  bookedKey: z.string(),
  /** The technician's time it holds; removed when given back. */
  claim: Claim.optional(),
  payment: Payment.optional(),
  /** The late-cancel fee charged when the customer cancelled within the policy's hours (decision 069). */
  cancellationFee: z
    .object({
      status: z.enum(['pending', 'paid', 'failed']),
      amountCents: z.number().int(),
      providerPaymentId: z.string().optional(),
      failureReason: z.string().optional(),
      at: z.string(),
    })
    .optional(),
  /** Its payment (or its decline) is in the revenue counters and ledger (decision 071); absent: not yet. */
  inRevenue: z.literal(true).optional(),
  /**
   * The visit as the shop reports it (issues 21, 22): when the technician set off (with the ETA the
   * customer was given), arrived and started the work. Completion is the status itself.
   */
  progress: z
    .object({
      onMyWayAt: z.string().optional(),
      etaAt: z.string().optional(),
      arrivedAt: z.string().optional(),
      startedAt: z.string().optional(),
    })
    .optional(),
  /** When the customer answered a reminder with "I'll be there" (issue 21). */
  attendanceConfirmedAt: z.string().optional(),
  /** The calendar event's SEQUENCE (RFC 5545): raised by each move, so calendars update the event (issue 21). */
  icsSequence: z.number().int().nonnegative().optional(),
  /** When its review request is due: set by its first completion, which files the request (issue 21). */
  reviewRequestDueAt: z.string().optional(),
  /** The testimonial left for it. */
  testimonialId: z.string().optional(),
  /**
   * Every status change: from, to, who and when (issue 11), oldest first,
   * bounded (rules.ts). Bookings made before the audit have none.
   */
  statusHistory: z.array(StatusChangeSchema).default([]),
  /** The hash of the current confirmation link of an assigned custom booking; a newer link replaces it. */
  confirmationTokenHash: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The revision every write raises (db/revision, decision 052); bookings written before it have none (0). */
  rev: z.number().int().nonnegative().optional(),
});
export type Stored = z.infer<typeof Stored>;

/** Open: the desk's main list shows it (doc 2 §2: every status but Cancelled and Completed). */
export const isOpen = (status: BookingStatus): boolean => status !== 'Cancelled' && status !== 'Completed';

/** The partition of the open-bookings index: one, since open bookings are few (decision 050). */
export const OPEN_PARTITION = 'OPEN';
/** Every booking's partition of the `byCollection` index, by date and time (the desk's closed ones: issue 30). */
export const COLLECTION_PARTITION = 'BOOKING';

const bookingKey = ({ id }: { id: string }) => ({ pk: `BOOKING#${id}`, sk: 'BOOKING' });

export const entity = defineEntity({
  name: 'booking',
  version: 1,
  schema: Stored,
  key: bookingKey,
  patterns: {
    /** Every booking, by date and time. */
    byDate: inCollection(COLLECTION_PARTITION, { composite: ['date', 'time', 'id'] }),
    /** A customer's bookings, by date and time (none for a booking without an account). */
    byCustomer: {
      index: 'byOwner',
      pk: { prefix: 'USER', composite: ['userId'] },
      sk: { prefix: 'BOOKING', composite: ['date', 'time', 'id'] },
    },
    // Sparse: every write of a booking puts the whole item, so closing one drops these attributes.
    /** The open bookings (the desk's list), by date and time. */
    open: {
      index: 'openBookings',
      pk: { prefix: OPEN_PARTITION },
      sk: { composite: ['date', 'time', 'id'] },
      condition: (b) => isOpen(b.status),
    },
  },
  indexes: {
    // A garage vehicle's history (decision 117): the visit at its start.
    byVehicle: (b) =>
      b.vehicleId
        ? Garage.historyEntry(b.vehicleId, time.instantOf(b.date, b.time), 'booking', b.id)
        : undefined,
  },
});

/**
 * What the desk's list shows of a booking: the fields the open-bookings index
 * carries (db/table.ts), without the status history or the link; the claim
 * names its technician (issue 22).
 */
export const Row = Stored.omit({
  statusHistory: true,
  slotId: true,
  bookedKey: true,
  confirmationTokenHash: true,
});
export type Row = z.infer<typeof Row>;

/**
 * The booking items as the open-bookings index holds them: a read-only view
 * (never written through; `entity` writes bookings), parsed with `Row`.
 */
export const openView = defineEntity({ name: 'booking', version: 1, schema: Row, key: bookingKey });

/** Guards of past dates are history: TTL removes them a week after their day (as the crew's). */
const GUARD_KEEP_DAYS = 7;

/** When a BOOKED guard of `date` expires (epoch seconds): the start of the day a week after. */
export const bookedExpiry = (date: string): number =>
  Math.floor(Date.parse(time.instantOf(time.addDays(date, GUARD_KEEP_DAYS + 1), '00:00')) / 1000);

/** A service's time is booked once: holds the booking's id. */
export const booked = defineEntity({
  name: 'bookedTime',
  version: 1,
  schema: z.object({
    key: z.string(),
    date: z.string(),
    time: z.string(),
    bookingId: z.string(),
    /** TTL (decision 050); guards written before it have none. */
    expiresAt: z.number().int().optional(),
  }),
  key: (k: { key: string; date: string; time: string }) => ({
    pk: `BOOKED#${k.key}#${k.date}#${k.time}`,
    sk: 'BOOKED',
  }),
});

// ---------------------------------------------------------------------------
// Replies

type LiveService = {
  service: { _id: string; name: string; priceCents: number } | null;
  /** The technician whose time it holds (issue 22); null when it holds none. */
  technician: Technician.Name | null;
  /**
   * The number the job is reached at (issue 30): the booking's own, else (a booking from before, or
   * whose customer gave none then) its account's now; null when there is none (decision 093).
   */
  phone: string | null;
};
export type Info = Stored & LiveService;
/** A booking as the desk's list shows it. */
export type RowInfo = Row & LiveService;

/** Adds the live service (null when it was removed) to each booking. */
export async function withServices<B extends Row>(bookings: B[]): Promise<(B & LiveService)[]> {
  const ids = [...new Set(bookings.flatMap((b) => (b.serviceId ? [b.serviceId] : [])))];
  const live = new Map<string, Service.Info | null>();
  const claimed = bookings.some((b) => b.claim);
  const [crew] = await Promise.all([
    claimed ? Technician.list() : [],
    ...ids.map(async (serviceId) => {
      live.set(serviceId, await Service.fromId(serviceId).catch(() => null));
    }),
  ]);
  const names = new Map(crew.map((t) => [t.number, Technician.nameOf(t)]));
  const phones = await accountPhones(bookings);
  return bookings.map((b) => {
    const service = b.serviceId ? live.get(b.serviceId) : null;
    const held = b.claim?.technician;
    return {
      ...b,
      service: service ? { _id: service._id, name: service.name, priceCents: service.priceCents } : null,
      technician:
        held === undefined
          ? null
          : (names.get(held) ?? { number: held, firstName: 'Technician', lastName: String(held) }),
      phone: b.customer?.phone ?? (b.userId ? phones.get(b.userId) : undefined) ?? null,
    };
  });
}

/**
 * The accounts' numbers for the bookings that carry none (decision 093: no migration; a booking
 * from before issue 30 reads its account's): one BatchGetItem of those accounts, only the phone
 * and the texts' mobile projected. A page of bookings that all carry one reads nothing.
 */
async function accountPhones(bookings: readonly Row[]): Promise<Map<string, string>> {
  const ids = [...new Set(bookings.flatMap((b) => (!b.customer?.phone && b.userId ? [b.userId] : [])))];
  if (ids.length === 0) return new Map();
  const raws = await batchGetItems(
    ids.map((userId) => userEntity.key({ id: userId })),
    'id, phone, texts',
  );
  const phones = new Map<string, string>();
  for (const raw of raws) {
    const texts = raw.texts as { mobile?: unknown } | undefined;
    const phone = User.contactPhone({
      phone: typeof raw.phone === 'string' ? raw.phone : undefined,
      texts: typeof texts?.mobile === 'string' ? { mobile: texts.mobile } : undefined,
    });
    if (typeof raw.id === 'string' && phone) phones.set(raw.id, phone);
  }
  return phones;
}

export const withService = async (booking: Stored): Promise<Info> =>
  (await withServices([booking]))[0] as Info;

export function mailInfo(b: Stored): BookingMailInfo {
  return {
    id: b.id,
    serviceName: b.serviceName,
    date: b.date,
    time: b.time,
    durationMinutes: b.durationMinutes,
    priceCents: b.priceCents,
    clientFirstName: b.clientFirstName,
    clientLastName: b.clientLastName,
    vehicle: { year: b.vehicleYear, make: b.vehicleMake, model: b.vehicleModel, color: b.vehicleColor },
    notes: b.notes,
    status: b.status,
    customerEmail: b.customer?.email ?? '',
    tripFeeCents: b.tripFeeCents,
    serviceAddress: b.serviceAddress,
    revision: b.statusHistory.filter((change) => change.from !== null).length,
    moves: b.icsSequence ?? 0,
    customerName: b.customer
      ? `${b.customer.firstName} ${b.customer.lastName}`
      : `${b.clientFirstName} ${b.clientLastName}`,
  };
}

/** Mails for the customer go only where there is an address. */
export const toCustomer = (b: Stored, message: (info: BookingMailInfo) => Mail.Message): Mail.Message[] =>
  b.customer?.email ? [message(mailInfo(b))] : [];

/** A booking the signed-in user owns (admins: any); 404 otherwise, so another's booking is never revealed. */
export async function ownedBooking(bookingId: string): Promise<Stored> {
  const me = useUser();
  const booking = id.safeParse(bookingId).success
    ? await entity.get({ id: bookingId }, { consistent: true })
    : undefined;
  if (!booking || (booking.userId !== me.userId && me.role !== 'admin')) {
    throw new VisibleError('not_found', bookingMessages.notFound);
  }
  return booking;
}

/** A booking by id (any owner), consistently read; 404 otherwise. */
export async function findBooking(bookingId: string): Promise<Stored> {
  const booking = id.safeParse(bookingId).success
    ? await entity.get({ id: bookingId }, { consistent: true })
    : undefined;
  if (!booking) throw new VisibleError('not_found', bookingMessages.notFound);
  return booking;
}

/** Writes `next` only while the booking is still the revision `read` (the one scheme: db/revision). */
export function putIfUnchanged(next: Stored, read: Stored): TransactItem {
  return putRevision(entity, next, read);
}
