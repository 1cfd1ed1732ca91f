import * as z from 'zod';
import { assertAdmin, NOT_SIGNED_IN, useActor, useClientIp, useUser } from '../actor';
import { LinkToken } from '../auth/link-token';
import { config } from '../config';
import {
  batchGetItems,
  defineEntity,
  failedConditions,
  type TransactItem,
  transactWrite,
} from '../db/entity';
import { VisibleError } from '../error';
import { Outbox } from '../mail/outbox';
import type { Mail } from '../mail/index';
import { toCents } from '../money';
import { Payments } from '../payments/index';
import { RateLimit } from '../rate-limit/index';
import { rateLimits } from '../rate-limit/rules';
import { parseDurationMinutes } from '../service/duration';
import { Service } from '../service/index';
import * as time from '../time';
import { TimeSlot } from '../timeslot/index';
import { User } from '../user/index';
import { createId, idSchema } from '../util/id';
import { emailAddress, optionalLine, requiredLine } from '../util/text';
import { Crew } from './crew';
import { newestReviewable } from './for-review';
import {
  bookingCancelledMail,
  bookingCompletedMail,
  bookingConfirmedMail,
  type BookingMailInfo,
  bookingReceivedMail,
  bookingReinstatedMail,
  customBookingLinkMail,
  shopBookingCancelledMail,
  shopCustomBookingAnsweredMail,
  shopNewBookingMail,
} from './mail';
import {
  ADMIN_DURATION,
  appendStatusChange,
  BOOKING_LIMITS,
  BOOKING_STATUSES,
  type BookingStatus,
  bookingMessages,
  CUSTOM_BOOKING_TIMES,
  customerCanCancel,
  customerCanEdit,
  DEFAULT_BOOKING_MINUTES,
  deskMessages,
  isAdminDuration,
  isCustomPrice,
  type StatusChangeBy,
  showsProgress,
  statusMail,
  VEHICLE_YEAR_MIN,
  vehicleYearMax,
} from './rules';

/**
 * Bookings: the one place where a customer's time is claimed and freed
 * (docs/data-model.md, Bookings; decision 024). Booking is one transaction:
 * the booking, its `BOOKED` guard (a service's time is booked once), its time
 * slot marked booked (slot system), one crew guard per 15-minute block of the
 * technician it takes, and the mails it sends. Any failed condition cancels
 * all of it. Cancelling gives everything back in one transaction too.
 */
export namespace Booking {
  export const id = idSchema('booking', 'booking');

  const Claim = z.object({
    technician: z.number().int(),
    start: z.string(),
    end: z.string(),
    blocks: z.array(z.string()),
  });

  const Payment = z.object({
    status: z.enum(['pending', 'paid', 'failed']),
    amountCents: z.number().int(),
    providerPaymentId: z.string().optional(),
    failureReason: z.string().optional(),
    at: z.string(),
  });
  export type Payment = z.infer<typeof Payment>;

  const StatusChangeSchema = z.object({
    from: z.enum(BOOKING_STATUSES).nullable(),
    to: z.enum(BOOKING_STATUSES),
    by: z.object({
      _id: z.string().nullable(),
      name: z.string(),
      role: z.enum(['admin', 'customer', 'system']),
    }),
    at: z.string(),
  });

  /** The BOOKED guard's key of a custom booking: it has none (only the crew rule applies to it). */
  export const CUSTOM_KEY = 'CUSTOM';
  const holdsBookedGuard = (b: { bookedKey: string }) => b.bookedKey !== CUSTOM_KEY;

  const Stored = z.object({
    id: z.string(),
    /** The customer's account (absent for an admin booking not yet assigned). */
    userId: z.string().optional(),
    /** The customer's names and address when the booking was made (what the admin sees as `user`). */
    customer: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).optional(),
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
    notes: z.string(),
    serviceStatus: z.string(),
    /** The time slot it holds (slot system). */
    slotId: z.string().optional(),
    /** What the BOOKED guard is keyed by: the service id, or CUSTOM. */
    bookedKey: z.string(),
    /** The technician's time it holds; removed when given back. */
    claim: Claim.optional(),
    payment: Payment.optional(),
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
  });
  export type Stored = z.infer<typeof Stored>;

  const entity = defineEntity({
    name: 'booking',
    version: 1,
    schema: Stored,
    key: ({ id }: { id: string }) => ({ pk: `BOOKING#${id}`, sk: 'BOOKING' }),
    indexes: {
      byCollection: (b) => ({ pk: 'BOOKING', sk: `${b.date}#${b.time}#${b.id}` }),
      byOwner: (b) =>
        b.userId ? { pk: `USER#${b.userId}`, sk: `BOOKING#${b.date}#${b.time}#${b.id}` } : undefined,
    },
  });

  /** A service's time is booked once: holds the booking's id. */
  const booked = defineEntity({
    name: 'bookedTime',
    version: 1,
    schema: z.object({ key: z.string(), date: z.string(), time: z.string(), bookingId: z.string() }),
    key: (k: { key: string; date: string; time: string }) => ({
      pk: `BOOKED#${k.key}#${k.date}#${k.time}`,
      sk: 'BOOKED',
    }),
  });

  // ---------------------------------------------------------------------------
  // Input

  const vehicleYear = z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,4}$/, 'Vehicle year must be a year such as 2019.')
          .transform(Number),
      ],
      {
        error: 'Vehicle year is required.',
      },
    )
    .pipe(
      z
        .number()
        .int('Vehicle year must be a whole year.')
        .min(VEHICLE_YEAR_MIN, `Vehicle year must be ${VEHICLE_YEAR_MIN} or later.`),
    )
    .refine((year) => year <= vehicleYearMax(time.today()), {
      message: `Vehicle year cannot be later than next year.`,
    });

  const notes = z
    .string()
    .trim()
    .max(BOOKING_LIMITS.notes, `Notes must be at most ${BOOKING_LIMITS.notes} characters.`)
    .optional()
    .transform((value) => value ?? '');

  export const VehicleInput = z.object({
    vehicleMake: requiredLine('Vehicle make', BOOKING_LIMITS.vehicleText),
    vehicleModel: requiredLine('Vehicle model', BOOKING_LIMITS.vehicleText),
    vehicleYear,
    vehicleColor: requiredLine('Vehicle color', BOOKING_LIMITS.color),
    notes,
  });
  export type VehicleInput = z.input<typeof VehicleInput>;

  export const calendarDate = z
    .string({ error: 'Date is required.' })
    .refine(time.isCalendarDate, 'Date must be a real date written yyyy-MM-dd.');

  export const CreateInput = VehicleInput.extend({
    clientFirstName: requiredLine('First name', BOOKING_LIMITS.name),
    clientLastName: requiredLine('Last name', BOOKING_LIMITS.name),
    serviceId: Service.id,
    date: calendarDate,
    time: z
      .string({ error: 'Time is required.' })
      .refine(time.isClockTime, 'Time must look like 09:30 (24-hour).'),
  });
  export type CreateInput = z.input<typeof CreateInput>;

  export const StatusInput = z.union(
    [
      z.object({ status: z.enum(BOOKING_STATUSES, { error: 'Unknown booking status.' }) }).strict(),
      z
        .object({
          serviceStatus: z
            .string()
            .trim()
            .max(
              BOOKING_LIMITS.serviceStatus,
              `Progress text must be at most ${BOOKING_LIMITS.serviceStatus} characters.`,
            ),
        })
        .strict(),
    ],
    { error: 'Send either a status or a serviceStatus.' },
  );
  export type StatusInput = z.input<typeof StatusInput>;

  // ---------------------------------------------------------------------------
  // Availability

  export type Availability = { times: string[]; system: 'timeslot' | 'legacy'; message: string };

  const durationOf = (service: Service.Info) => {
    const minutes = parseDurationMinutes(service.duration);
    return minutes && minutes > 0 ? minutes : DEFAULT_BOOKING_MINUTES;
  };

  /** The bookings from two days before `date` to the day after (a long job can run into the next day). */
  function bookingsAround(date: string): Promise<Stored[]> {
    return entity.queryAll({
      index: 'byCollection',
      partition: 'BOOKING',
      sort: { between: [time.addDays(date, -2), `${time.addDays(date, 1)}~`] },
    });
  }

  /** The technicians' blocks that active bookings hold, by technician. */
  function busyTechnicians(bookings: Stored[]): Map<number, Set<string>> {
    const busy = new Map<number, Set<string>>();
    for (const booking of bookings) {
      if (!booking.claim) continue;
      const set = busy.get(booking.claim.technician) ?? new Set<string>();
      for (const block of booking.claim.blocks) set.add(block);
      busy.set(booking.claim.technician, set);
    }
    return busy;
  }

  const NO_TIMES = 'No times are available on this date. Please choose another day.';

  /**
   * The times a customer may book `service` on `date` (doc 1 §3, §7): its open,
   * unbooked slots (slot system) or its availableDays × availableTimes (legacy,
   * when it has no slot at all), never a time already past in the business
   * zone, a time of the service already booked, or a time at which no
   * technician is free for the whole job and the drive after it. The service,
   * the day's slots and the bookings around the day are read at once.
   */
  export async function availability(
    serviceId: string,
    date: string,
    now = Date.now(),
  ): Promise<Availability> {
    return (await openTimes(serviceId, date, now)).availability;
  }

  /** Availability, with what it read: the service and the day's slots (booking needs both). */
  async function openTimes(serviceId: string, date: string, now = Date.now()) {
    if (!time.isCalendarDate(date)) {
      throw new VisibleError('invalid', 'Date must be a real date written yyyy-MM-dd.');
    }
    const past = date < time.today(now);
    const [service, slots, around] = await Promise.all([
      Service.fromId(serviceId),
      TimeSlot.onDate(serviceId, date),
      past ? Promise.resolve([]) : bookingsAround(date),
    ]);
    const system: Availability['system'] =
      slots.length > 0 || (await TimeSlot.serviceHasSlots(service._id)) ? 'timeslot' : 'legacy';
    if (past)
      return { service, slots, availability: { times: [], system, message: bookingMessages.pastDate } };
    const offered =
      system === 'timeslot'
        ? slots.filter((slot) => slot.isAvailable && !slot.isBooked).map((slot) => slot.time)
        : legacyTimes(service, date, around);
    const times = withFreeTechnician(service, date, offered, busyTechnicians(around), now);
    return { service, slots, availability: { times, system, message: times.length ? '' : NO_TIMES } };
  }

  /** A service without slots: its times on its days, less those already booked. */
  function legacyTimes(service: Service.Info, date: string, around: Stored[]): string[] {
    const open = service.availableDays.length === 0 || service.availableDays.includes(time.weekdayOf(date));
    if (!open) return [];
    const taken = new Set(
      around
        .filter((b) => b.date === date && b.bookedKey === service._id && b.status !== 'Cancelled')
        .map((b) => b.time),
    );
    return service.availableTimes.filter((at) => !taken.has(at));
  }

  function withFreeTechnician(
    service: Service.Info,
    date: string,
    offered: string[],
    busy: Map<number, Set<string>>,
    now: number,
  ): string[] {
    const { crewSize, travelBufferMinutes } = config();
    const minutes = durationOf(service);
    return [...new Set(offered)]
      .sort()
      .filter((at) => Date.parse(time.instantOf(date, at)) > now)
      .filter(
        (at) =>
          Crew.freeTechnicians(Crew.occupancy(date, at, minutes, travelBufferMinutes).blocks, busy, crewSize)
            .length > 0,
      );
  }

  // ---------------------------------------------------------------------------
  // Replies

  export type Info = Stored & { service: { _id: string; name: string; priceCents: number } | null };

  /** Adds the live service (null when it was removed) to each booking. */
  async function withServices(bookings: Stored[]): Promise<Info[]> {
    const ids = [...new Set(bookings.flatMap((b) => (b.serviceId ? [b.serviceId] : [])))];
    const live = new Map<string, Service.Info | null>();
    await Promise.all(
      ids.map(async (serviceId) => {
        live.set(serviceId, await Service.fromId(serviceId).catch(() => null));
      }),
    );
    return bookings.map((b) => {
      const service = b.serviceId ? live.get(b.serviceId) : null;
      return {
        ...b,
        service: service ? { _id: service._id, name: service.name, priceCents: service.priceCents } : null,
      };
    });
  }

  const withService = async (booking: Stored): Promise<Info> => (await withServices([booking]))[0] as Info;

  function mailInfo(b: Stored): BookingMailInfo {
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
      revision: b.statusHistory.filter((change) => change.from !== null).length,
      customerName: b.customer
        ? `${b.customer.firstName} ${b.customer.lastName}`
        : `${b.clientFirstName} ${b.clientLastName}`,
    };
  }

  /** Mails for the customer go only where there is an address. */
  const toCustomer = (b: Stored, message: (info: BookingMailInfo) => Mail.Message): Mail.Message[] =>
    b.customer?.email ? [message(mailInfo(b))] : [];

  // ---------------------------------------------------------------------------
  // Booking

  const MAX_ATTEMPTS = 4;

  /**
   * Books a service for the signed-in customer (doc 1 §3, §5, §7). 403 without
   * a card on file; 409 when the time was taken, the crew is full, or the time
   * is not one availability offers; 201 with the Pending booking otherwise.
   */
  export const create = async (raw: CreateInput): Promise<Info> => {
    const me = useUser();
    const input = CreateInput.parse(raw);
    const account = await User.find(me.userId);
    if (!account) throw new VisibleError('unauthorized', NOT_SIGNED_IN);
    if (!account.hasCardOnFile) throw new VisibleError('forbidden', bookingMessages.cardRequired);
    if (input.date < time.today()) throw new VisibleError('invalid', bookingMessages.pastDate);

    const { service, slots, availability: open } = await openTimes(input.serviceId, input.date);
    if (!open.times.includes(input.time)) throw new VisibleError('conflict', bookingMessages.timeUnavailable);
    const slot = open.system === 'timeslot' ? slots.find((s) => s.time === input.time) : undefined;
    if (open.system === 'timeslot' && !slot) {
      throw new VisibleError('conflict', bookingMessages.timeUnavailable);
    }

    const now = new Date().toISOString();
    const bookingId = createId('booking');
    const durationMinutes = durationOf(service);
    const occupancy = Crew.occupancy(input.date, input.time, durationMinutes, config().travelBufferMinutes);
    if (occupancy.blocks.length > 90) {
      throw new VisibleError(
        'invalid',
        'This service is too long to book online. Please call us to schedule it.',
      );
    }
    const base: Omit<Stored, 'claim'> = {
      id: bookingId,
      userId: account.id,
      customer: { firstName: account.firstName, lastName: account.lastName, email: account.email },
      serviceId: service._id,
      serviceName: service.name,
      priceCents: service.priceCents,
      isCustomService: false,
      createdByAdmin: false,
      requiresCustomerVerification: false,
      status: 'Pending',
      date: input.date,
      time: input.time,
      durationMinutes,
      clientFirstName: input.clientFirstName,
      clientLastName: input.clientLastName,
      vehicleMake: input.vehicleMake,
      vehicleModel: input.vehicleModel,
      vehicleYear: input.vehicleYear,
      vehicleColor: input.vehicleColor,
      notes: input.notes,
      serviceStatus: '',
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
    const record = await claim(base, occupancy, now, {
      write: (r) => entity.tx.put(r, { ifAbsent: true }),
      mails: (r) => [...toCustomer(r, bookingReceivedMail), shopNewBookingMail(mailInfo(r))],
      taken: bookingMessages.slotTaken,
      crewFull: bookingMessages.crewFull,
    });
    return withService(record);
  };

  type ClaimOptions = {
    /** The booking's own write (a new one: if absent; a reinstated one: if unchanged since read). */
    write: (record: Stored) => TransactItem;
    mails: (record: Stored) => Mail.Message[];
    /** 409 texts: the time (BOOKED guard or slot) taken; every technician busy. */
    taken: string;
    crewFull: string;
  };

  /**
   * Writes the booking and claims its time: tries technician 1, then 2 … A
   * failure on the BOOKED guard or the slot means the time was taken (409);
   * on crew guards only, the next technician is tried; when none is free,
   * the crew is full (409). A transaction that lost to a concurrent one
   * (no failed condition) is tried again a few times.
   */
  async function claim(
    base: Omit<Stored, 'claim'>,
    occupancy: Crew.Occupancy,
    now: string,
    options: ClaimOptions,
  ): Promise<Stored> {
    const { crewSize } = config();
    if (occupancy.blocks.length > 90) throw new VisibleError('conflict', options.crewFull);
    let attempts = 0;
    for (let technician = 1; technician <= crewSize;) {
      const record: Stored = {
        ...base,
        claim: { technician, start: occupancy.start, end: occupancy.end, blocks: occupancy.blocks },
      };
      const prepared = options.mails(record).map((mail) => Outbox.prepare(mail));
      const head: TransactItem[] = [
        options.write(record),
        ...(holdsBookedGuard(base)
          ? [
              booked.tx.put(
                { key: base.bookedKey, date: base.date, time: base.time, bookingId: base.id },
                { ifAbsent: true },
              ),
            ]
          : []),
        ...(base.slotId ? [TimeSlot.bookItem(base.slotId, base.id, now)] : []),
      ];
      try {
        await transactWrite([
          ...head,
          ...Crew.claimItems(occupancy.blocks, technician, base.id),
          ...prepared.map((p) => p.item),
        ]);
        await Promise.all(prepared.map((p) => Outbox.deliver(p)));
        return record;
      } catch (error) {
        const failed = failedConditions(error);
        if (failed === null) throw error;
        if (failed.includes(0)) throw new VisibleError('conflict', deskMessages.changedMeanwhile);
        if (failed.some((index) => index < head.length)) {
          throw new VisibleError('conflict', options.taken);
        }
        if (failed.length === 0) {
          attempts += 1;
          if (attempts >= MAX_ATTEMPTS) throw new VisibleError('conflict', options.taken);
          await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
          continue;
        }
        technician += 1;
      }
    }
    throw new VisibleError('conflict', options.crewFull);
  }

  /** The items that give a booking's time back: its BOOKED guard, its slot, its technician's blocks. */
  function releaseItems(b: Stored, now: string): TransactItem[] {
    return [
      ...(holdsBookedGuard(b)
        ? [
            booked.tx.delete(
              { key: b.bookedKey, date: b.date, time: b.time },
              {
                ConditionExpression: 'bookingId = :booking',
                ExpressionAttributeValues: { ':booking': b.id },
              },
            ),
          ]
        : []),
      ...(b.slotId ? [TimeSlot.freeItem(b.slotId, b.id, now)] : []),
      ...(b.claim ? Crew.releaseItems(b.claim.blocks, b.claim.technician, b.id) : []),
    ];
  }

  // ---------------------------------------------------------------------------
  // The customer's bookings

  /** The signed-in customer's bookings, newest date first (doc 2 §2). */
  export async function listMine(): Promise<Info[]> {
    const me = useUser();
    const mine = await entity.queryAll({
      index: 'byOwner',
      partition: `USER#${me.userId}`,
      sort: { beginsWith: 'BOOKING#' },
      descending: true,
    });
    return withServices(mine);
  }

  /** A booking the signed-in user owns (admins: any); 404 otherwise, so another's booking is never revealed. */
  async function ownedBooking(bookingId: string): Promise<Stored> {
    const me = useUser();
    const booking = id.safeParse(bookingId).success
      ? await entity.get({ id: bookingId }, { consistent: true })
      : undefined;
    if (!booking || (booking.userId !== me.userId && me.role !== 'admin')) {
      throw new VisibleError('not_found', bookingMessages.notFound);
    }
    return booking;
  }

  /** The owner changes the vehicle fields and notes, only while Pending (doc 2 §5). */
  export async function updateVehicle(bookingId: string, raw: VehicleInput): Promise<Info> {
    const input = VehicleInput.parse(raw);
    const booking = await ownedBooking(bookingId);
    if (!customerCanEdit(booking.status)) throw new VisibleError('conflict', bookingMessages.notEditable);
    const updated = await entity.update(
      { id: booking.id },
      {
        UpdateExpression:
          'SET vehicleMake = :make, vehicleModel = :model, vehicleYear = :year, vehicleColor = :color, notes = :notes, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND #status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':make': input.vehicleMake,
          ':model': input.vehicleModel,
          ':year': input.vehicleYear,
          ':color': input.vehicleColor,
          ':notes': input.notes,
          ':now': new Date().toISOString(),
          ':pending': 'Pending',
        },
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
  export async function cancel(bookingId: string): Promise<Info> {
    const booking = await ownedBooking(bookingId);
    // Cancelling twice (a double click, a retry after a lost reply) answers with the cancelled booking.
    if (booking.status === 'Cancelled') return withService(booking);
    if (!customerCanCancel(booking.status))
      throw new VisibleError('conflict', bookingMessages.notCancellable);
    return changeStatus(booking, 'Cancelled', await currentBy());
  }

  // ---------------------------------------------------------------------------
  // Reviews

  export const REVIEW_NOT_COMPLETE = 'You can leave a review once the service is complete.';
  export const ALREADY_REVIEWED = 'You have already reviewed this booking.';

  /** The signed-in customer's booking to review: theirs (404), Completed and not yet reviewed (409). */
  export async function forReview(bookingId: string): Promise<Info> {
    const booking = await ownedBooking(bookingId);
    if (booking.userId !== useUser().userId) throw new VisibleError('not_found', bookingMessages.notFound);
    if (booking.status !== 'Completed') throw new VisibleError('conflict', REVIEW_NOT_COMPLETE);
    if (booking.testimonialId) throw new VisibleError('conflict', ALREADY_REVIEWED);
    return withService(booking);
  }

  /** The signed-in customer's newest Completed, unreviewed booking of the service (./for-review.ts); 400 for none. */
  export const newestToReview = (serviceId: string) => newestReviewable(entity, useUser().userId, serviceId);

  /** Records the testimonial on the booking, in the testimonial's transaction: once, by its owner, when Completed. */
  export function reviewItem(bookingId: string, userId: string, testimonialId: string): TransactItem {
    return entity.tx.update(
      { id: bookingId },
      {
        UpdateExpression: 'SET testimonialId = :testimonial',
        ConditionExpression:
          'userId = :user AND #status = :completed AND attribute_not_exists(testimonialId)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':testimonial': testimonialId,
          ':user': userId,
          ':completed': 'Completed',
        },
      },
    );
  }

  // ---------------------------------------------------------------------------
  // The admin's status changes

  /** Who is making this change, for the audit trail: the signed-in person, or the system. */
  async function currentBy(): Promise<StatusChangeBy> {
    const actor = useActor();
    if (actor.type !== 'user') {
      return { _id: null, name: actor.type === 'system' ? actor.name : 'system', role: 'system' };
    }
    const account = await User.find(actor.userId);
    const name = account ? `${account.firstName} ${account.lastName}` : actor.firstName;
    return { _id: actor.userId, name, role: actor.role === 'admin' ? 'admin' : 'customer' };
  }

  /** A booking by id (any owner), consistently read; 404 otherwise. */
  async function findBooking(bookingId: string): Promise<Stored> {
    const booking = id.safeParse(bookingId).success
      ? await entity.get({ id: bookingId }, { consistent: true })
      : undefined;
    if (!booking) throw new VisibleError('not_found', bookingMessages.notFound);
    return booking;
  }

  /**
   * `PATCH /api/bookings/{id}/status` (admin): a new status, or the progress
   * text. Any status may become any other (doc 2 §4); the server keeps the
   * invariants (decision 027): into Cancelled gives the time back, out of
   * Cancelled claims it again (409 when it was taken meanwhile), into
   * Completed charges the card once, and every change is in the audit trail.
   */
  export async function setStatus(bookingId: string, raw: StatusInput): Promise<Info> {
    assertAdmin();
    const input = StatusInput.parse(raw);
    const booking = await findBooking(bookingId);
    if ('serviceStatus' in input) {
      if (!showsProgress(booking.status)) {
        throw new VisibleError(
          'conflict',
          'Progress text can be set only while a booking is Pending or Confirmed.',
        );
      }
      const updated = await entity.update(
        { id: booking.id },
        {
          UpdateExpression: 'SET serviceStatus = :text, updatedAt = :now',
          ConditionExpression: 'attribute_exists(pk) AND #status IN (:pending, :confirmed)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':text': input.serviceStatus,
            ':now': new Date().toISOString(),
            ':pending': 'Pending',
            ':confirmed': 'Confirmed',
          },
        },
      );
      if (!updated) throw new VisibleError('conflict', deskMessages.changedMeanwhile);
      return withService(updated);
    }
    if (input.status === booking.status) return withService(booking);
    return changeStatus(booking, input.status, await currentBy());
  }

  /**
   * One status change as one transaction, conditional on the status and
   * update time read (a concurrent change makes this one fail with 409),
   * with the audit entry and the mails the customer must get (rules.ts
   * `statusMail`). Cancelling gives the time back in the same transaction;
   * leaving Cancelled claims it again (`reinstate`); completing records a
   * pending payment, then charges the card, unless it was paid before.
   */
  async function changeStatus(
    booking: Stored,
    status: BookingStatus,
    by: StatusChangeBy,
    extra: { items?: TransactItem[]; mails?: Mail.Message[] } = {},
  ): Promise<Info> {
    const now = new Date().toISOString();
    const from = booking.status;
    const cancelling = status === 'Cancelled';
    const completing = status === 'Completed';
    const alreadyPaid = booking.payment?.status === 'paid';
    const charging = completing && !alreadyPaid;
    const next: Stored = {
      ...booking,
      status,
      updatedAt: now,
      statusHistory: appendStatusChange(booking.statusHistory, { from, to: status, by, at: now }),
      ...(cancelling ? { claim: undefined } : {}),
      ...(charging ? { payment: { status: 'pending', amountCents: booking.priceCents, at: now } } : {}),
    };
    const customerMail =
      by.role === 'customer' ? (cancelling ? 'cancelled' : null) : statusMail(from, status, alreadyPaid);
    const cancelledBy = by.role === 'customer' ? 'customer' : 'shop';
    // `extra.mails`, when given, replace the usual ones (the customer's answer by the mailed link).
    const mails: Mail.Message[] = extra.mails ?? [
      ...(customerMail === 'cancelled' ? toCustomer(next, (b) => bookingCancelledMail(b, cancelledBy)) : []),
      ...(customerMail === 'confirmed' ? toCustomer(next, bookingConfirmedMail) : []),
      ...(customerMail === 'reinstated' ? toCustomer(next, bookingReinstatedMail) : []),
      // The shop hears of a cancellation the customer made, or one it made that the customer was told of.
      ...(cancelling && customerMail === 'cancelled' && (cancelledBy === 'customer' || next.customer?.email)
        ? [shopBookingCancelledMail(mailInfo(next), cancelledBy)]
        : []),
    ];
    if (from === 'Cancelled') {
      await reinstate(booking, next, mails, now);
    } else {
      const prepared = mails.map((mail) => Outbox.prepare(mail));
      try {
        await transactWrite([
          putIfUnchanged(next, booking),
          ...(cancelling ? releaseItems(booking, now) : []),
          ...(extra.items ?? []),
          ...prepared.map((p) => p.item),
        ]);
      } catch (error) {
        if (failedConditions(error) === null) throw error;
        throw new VisibleError('conflict', deskMessages.changedMeanwhile);
      }
      await Promise.all(prepared.map((p) => Outbox.deliver(p)));
    }
    if (charging) return withService(await chargeCompleted(next));
    return withService(next);
  }

  /**
   * A cancelled booking becomes active again: its time is claimed again as
   * a new booking's would be (the BOOKED guard, the slot, a free
   * technician's blocks, in one transaction with the booking's write), or
   * 409 when someone took it meanwhile, with nothing written.
   */
  async function reinstate(read: Stored, next: Stored, mails: Mail.Message[], now: string): Promise<void> {
    const occupancy = Crew.occupancy(
      read.date,
      read.time,
      read.durationMinutes,
      config().travelBufferMinutes,
    );
    const { claim: _released, ...base } = next;
    const claimed = await claim(base, occupancy, now, {
      write: (record) => putIfUnchanged(record, read),
      mails: () => mails,
      taken: deskMessages.reclaimTaken,
      crewFull: deskMessages.reclaimCrewFull,
    });
    next.claim = claimed.claim;
  }

  /** Writes `next` only while the booking's status and update time are still those of `read`. */
  function putIfUnchanged(next: Stored, read: Stored): TransactItem {
    const put = entity.tx.put(next).Put;
    return {
      Put: {
        ...(put as NonNullable<typeof put>),
        ConditionExpression: '#status = :readStatus AND updatedAt = :readAt',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':readStatus': read.status, ':readAt': read.updatedAt },
      },
    };
  }

  /**
   * Charges a Completed booking's price to the customer's card on file, with
   * the booking id as the idempotency key (a repeat never charges twice), and
   * records the outcome on the booking. A declined card does not undo the
   * completion: the failure is recorded for the admin, and the receipt mail
   * says the shop will be in touch.
   */
  async function chargeCompleted(booking: Stored): Promise<Stored> {
    const result: Payments.ChargeResult =
      booking.priceCents === 0
        ? // A free job (a custom booking priced at $0): nothing to charge, nothing at Square.
          { status: 'paid', providerPaymentId: '' }
        : booking.userId
          ? await Payments.charge({
              userId: booking.userId,
              amountCents: booking.priceCents,
              idempotencyKey: booking.id,
              note: `${booking.serviceName} on ${booking.date} ${booking.time} (${booking.id})`,
            })
          : {
              status: 'failed',
              providerPaymentId: null,
              failureReason: 'The booking has no customer account.',
            };
    const payment: Payment = {
      status: result.status,
      amountCents: booking.priceCents,
      ...(result.providerPaymentId ? { providerPaymentId: result.providerPaymentId } : {}),
      ...(result.status === 'failed' ? { failureReason: result.failureReason } : {}),
      at: new Date().toISOString(),
    };
    const updated = (await entity.update(
      { id: booking.id },
      {
        UpdateExpression: 'SET payment = :payment',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':payment': payment },
      },
    )) ?? { ...booking, payment };
    const account = booking.userId ? await User.find(booking.userId) : undefined;
    for (const mail of toCustomer(updated, (info) =>
      bookingCompletedMail(info, {
        status: payment.status,
        amountCents: payment.amountCents,
        cardBrand: account?.cardBrand ?? null,
        cardLast4: account?.cardLast4 ?? null,
        providerPaymentId: payment.providerPaymentId ?? null,
      }),
    )) {
      await Outbox.send(mail);
    }
    return updated;
  }

  // ---------------------------------------------------------------------------
  // The admin's desk (issue 11; decision 027)

  /** '' and absent are the same: the web sends only non-empty filters, other clients may not. */
  const blankless = <T extends z.ZodType>(schema: T) =>
    z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      schema.optional(),
    );

  export const AllFilters = z
    .object({
      customerName: blankless(z.string().trim().max(160, 'Customer name must be at most 160 characters.')),
      startDate: blankless(
        z.string().refine(time.isCalendarDate, 'Start date must be a real date written yyyy-MM-dd.'),
      ),
      endDate: blankless(
        z.string().refine(time.isCalendarDate, 'End date must be a real date written yyyy-MM-dd.'),
      ),
      make: blankless(z.string().trim().max(BOOKING_LIMITS.vehicleText, 'Make is too long.')),
      model: blankless(z.string().trim().max(BOOKING_LIMITS.vehicleText, 'Model is too long.')),
      year: blankless(
        z
          .union([
            z.number().int('Year must be a year such as 2019.'),
            z
              .string()
              .trim()
              .regex(/^\d{4}$/, 'Year must be a year such as 2019.')
              .transform(Number),
          ])
          .refine((year) => year >= VEHICLE_YEAR_MIN && year <= vehicleYearMax(time.today()), {
            message: `Year must be from ${VEHICLE_YEAR_MIN} to next year.`,
          }),
      ),
      service: blankless(
        z.union([z.literal('custom'), Service.id], { error: 'Service must be a service id or "custom".' }),
      ),
    })
    .refine((f) => !f.startDate || !f.endDate || f.startDate <= f.endDate, {
      message: 'The start date must be on or before the end date.',
    });
  export type AllFilters = z.input<typeof AllFilters>;

  const lower = (value: string) => value.trim().toLocaleLowerCase('en-US');

  /** Whether a booking passes the admin's search (pure; the date range is the query's key condition). */
  export function matchesFilters(b: Stored, f: z.output<typeof AllFilters>): boolean {
    if (f.customerName) {
      const q = lower(f.customerName);
      const names = [
        b.clientFirstName,
        b.clientLastName,
        `${b.clientFirstName} ${b.clientLastName}`,
        ...(b.customer
          ? [b.customer.firstName, b.customer.lastName, `${b.customer.firstName} ${b.customer.lastName}`]
          : []),
      ];
      if (!names.some((name) => lower(name).includes(q))) return false;
    }
    if (f.startDate && b.date < f.startDate) return false;
    if (f.endDate && b.date > f.endDate) return false;
    if (f.make && lower(b.vehicleMake) !== lower(f.make)) return false;
    if (f.model && lower(b.vehicleModel) !== lower(f.model)) return false;
    if (f.year !== undefined && b.vehicleYear !== f.year) return false;
    if (f.service === 'custom' && !b.isCustomService) return false;
    if (f.service && f.service !== 'custom' && (b.isCustomService || b.serviceId !== f.service)) return false;
    return true;
  }

  export type ClientNames = { _id: string; clientFirstName: string; clientLastName: string };

  /**
   * The client names of these bookings (admin), read by key with only the
   * names projected: what the Time Slot Manager shows on a booked slot.
   */
  export async function clientNames(bookingIds: string[]): Promise<Map<string, ClientNames>> {
    assertAdmin();
    const raws = await batchGetItems(
      [...new Set(bookingIds)].map((bookingId) => entity.key({ id: bookingId })),
      'id, clientFirstName, clientLastName',
    );
    const names = new Map<string, ClientNames>();
    for (const raw of raws) {
      if (typeof raw.id !== 'string') continue;
      names.set(raw.id, {
        _id: raw.id,
        clientFirstName: typeof raw.clientFirstName === 'string' ? raw.clientFirstName : '',
        clientLastName: typeof raw.clientLastName === 'string' ? raw.clientLastName : '',
      });
    }
    return names;
  }

  /**
   * `GET /api/bookings/all` (admin): every booking of every status, newest
   * date first (then newest time), custom bookings not yet assigned included,
   * narrowed by the advanced search (doc 2 §2). The date range is the
   * query's key condition; the rest is filtered on the result.
   */
  export async function listAll(raw: AllFilters = {}): Promise<Info[]> {
    assertAdmin();
    const f = AllFilters.parse(raw);
    const found = await entity.queryAll({
      index: 'byCollection',
      partition: 'BOOKING',
      sort: { between: [f.startDate ?? '0000', `${f.endDate ?? '9999'}~`] },
      descending: true,
      filter: (b) => matchesFilters(b, f),
    });
    return withServices(found);
  }

  const customPrice = z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d+(\.\d+)?$/, 'Custom price must be a number.')
          .transform(Number),
      ],
      {
        error: 'Custom price must be a number.',
      },
    )
    .refine(isCustomPrice, 'Custom price must be 0 or more, in dollars and cents.');

  const adminDuration = z
    .union(
      [
        z.number(),
        z.string().trim().regex(/^\d+$/, 'Duration must be a number of minutes.').transform(Number),
      ],
      {
        error: 'Duration must be a number of minutes.',
      },
    )
    .optional()
    .transform((minutes) => minutes ?? ADMIN_DURATION.default)
    .refine(
      isAdminDuration,
      `Duration must be at least ${ADMIN_DURATION.min} minutes, in steps of ${ADMIN_DURATION.step} (at most ${ADMIN_DURATION.max / 60} hours).`,
    );

  /** The Create Custom Booking form (doc 2 §5), checked again on the server. */
  export const AdminCreateInput = z
    .object({
      /** The spec's client always sends it; when absent, a booking without a serviceId is a custom one. */
      isCustomService: z.boolean({ error: 'Say whether this is a custom service.' }).optional(),
      serviceId: z.string().optional(),
      customServiceName: z.string().optional(),
      customServicePrice: z.unknown().optional(),
      date: calendarDate,
      time: z
        .string({ error: 'Time is required.' })
        .refine(
          (at) => CUSTOM_BOOKING_TIMES.includes(at),
          'Time must be from 09:00 to 17:30, every 30 minutes.',
        ),
      duration: adminDuration,
      clientFirstName: requiredLine('First name', BOOKING_LIMITS.name),
      clientLastName: requiredLine('Last name', BOOKING_LIMITS.name),
      vehicleMake: requiredLine('Vehicle make', BOOKING_LIMITS.vehicleText),
      vehicleModel: requiredLine('Vehicle model', BOOKING_LIMITS.vehicleText),
      vehicleYear,
      vehicleColor: optionalLine('Vehicle color', BOOKING_LIMITS.color),
      notes,
      // The spec's client sends these too; the server sets its own.
      createdByAdmin: z.unknown().optional(),
      requiresCustomerVerification: z.unknown().optional(),
      status: z.unknown().optional(),
    })
    .transform((input, ctx) => {
      const { createdByAdmin: _a, requiresCustomerVerification: _r, status: _s, ...rest } = input;
      if (input.isCustomService ?? input.serviceId === undefined) {
        const name = requiredLine('Custom service name', BOOKING_LIMITS.name).safeParse(
          input.customServiceName,
        );
        if (!name.success) {
          ctx.addIssue({
            code: 'custom',
            message: name.error.issues[0]?.message ?? 'Custom service name is required.',
            path: ['customServiceName'],
          });
          return z.NEVER;
        }
        if (
          input.customServicePrice === undefined ||
          input.customServicePrice === null ||
          input.customServicePrice === ''
        ) {
          ctx.addIssue({
            code: 'custom',
            message: 'Custom price is required.',
            path: ['customServicePrice'],
          });
          return z.NEVER;
        }
        const price = customPrice.safeParse(input.customServicePrice);
        if (!price.success) {
          ctx.addIssue({
            code: 'custom',
            message: price.error.issues[0]?.message ?? 'Custom price must be a number.',
            path: ['customServicePrice'],
          });
          return z.NEVER;
        }
        return {
          ...rest,
          mode: 'custom' as const,
          customServiceName: name.data,
          priceCents: toCents(price.data),
        };
      }
      const serviceId = Service.id.safeParse(input.serviceId);
      if (!serviceId.success) {
        ctx.addIssue({ code: 'custom', message: 'Please select a service.', path: ['serviceId'] });
        return z.NEVER;
      }
      return { ...rest, mode: 'service' as const, serviceId: serviceId.data };
    });
  export type AdminCreateInput = z.input<typeof AdminCreateInput>;

  /**
   * `POST /api/bookings/admin-create` (admin): a booking the shop takes by
   * phone (doc 2 §4, §5). Status Pending Verification, made by the admin,
   * needing the customer's confirmation, with no account yet. Its time goes
   * through the same atomic claim as a customer's booking: the crew rule
   * always; a catalogue service's BOOKED guard and its free slot at that
   * time too. A custom booking has no BOOKED guard (it is no catalogue
   * service's time): only the technicians limit it. 409 on a clash.
   */
  export async function adminCreate(raw: AdminCreateInput): Promise<Info> {
    assertAdmin();
    const input = AdminCreateInput.parse(raw);
    if (input.date < time.today()) throw new VisibleError('invalid', bookingMessages.pastDate);
    if (Date.parse(time.instantOf(input.date, input.time)) <= Date.now()) {
      throw new VisibleError('invalid', deskMessages.timePassed);
    }
    const service = input.mode === 'service' ? await Service.fromId(input.serviceId) : undefined;
    const slot =
      service &&
      (await TimeSlot.onDate(service._id, input.date)).find(
        (s) => s.time === input.time && s.isAvailable && !s.isBooked,
      );
    const now = new Date().toISOString();
    const by = await currentBy();
    const base: Omit<Stored, 'claim'> = {
      id: createId('booking'),
      serviceId: service?._id,
      serviceName: service ? service.name : input.mode === 'custom' ? input.customServiceName : '',
      priceCents: service ? service.priceCents : input.mode === 'custom' ? input.priceCents : 0,
      isCustomService: input.mode === 'custom',
      createdByAdmin: true,
      requiresCustomerVerification: true,
      status: 'Pending Verification',
      date: input.date,
      time: input.time,
      durationMinutes: input.duration,
      clientFirstName: input.clientFirstName,
      clientLastName: input.clientLastName,
      vehicleMake: input.vehicleMake,
      vehicleModel: input.vehicleModel,
      vehicleYear: input.vehicleYear,
      vehicleColor: input.vehicleColor ?? '',
      notes: input.notes,
      serviceStatus: '',
      slotId: slot ? slot.id : undefined,
      bookedKey: service ? service._id : CUSTOM_KEY,
      statusHistory: [{ from: null, to: 'Pending Verification', by, at: now }],
      createdAt: now,
      updatedAt: now,
    };
    const occupancy = Crew.occupancy(input.date, input.time, input.duration, config().travelBufferMinutes);
    const record = await claim(base, occupancy, now, {
      write: (r) => entity.tx.put(r, { ifAbsent: true }),
      // Nobody to mail yet: the customer is assigned next.
      mails: () => [],
      taken: 'That service is already booked at that time. Please choose another time.',
      crewFull: 'All of our technicians are busy at that time. Please choose another time.',
    });
    return withService(record);
  }

  export const AssignInput = z.object({
    customerId: idSchema('user', 'customer'),
    customerEmail: emailAddress,
  });
  export type AssignInput = z.input<typeof AssignInput>;

  export const CONFIRMATION_DAYS = 7;

  /**
   * `PATCH /api/bookings/{id}/assign-customer` (admin): gives a booking the
   * shop made to a customer (doc 2 §4, §5). Status Pending Customer
   * Verification, the customer's account and names on it (so it shows in
   * their Service History), and a confirmation link (256 bits, stored
   * hashed, single use, expiring at the earlier of 7 days and the booking's
   * start) mailed with the booking's details, in one transaction. Assigning
   * again (a re-send, or another customer) replaces the earlier link.
   */
  export async function assignCustomer(bookingId: string, raw: AssignInput): Promise<Info> {
    assertAdmin();
    const input = AssignInput.parse(raw);
    const booking = await findBooking(bookingId);
    const [account, by] = await Promise.all([User.find(input.customerId), currentBy()]);
    if (!account || account.role !== 'user')
      throw new VisibleError('not_found', deskMessages.customerNotFound);
    if (account.email !== input.customerEmail.toLowerCase()) {
      throw new VisibleError('invalid', deskMessages.customerEmailMismatch);
    }
    if (booking.status !== 'Pending Verification' && booking.status !== 'Pending Customer Verification') {
      throw new VisibleError('conflict', deskMessages.notAssignable);
    }
    const start = Date.parse(time.instantOf(booking.date, booking.time));
    const now = new Date();
    if (start <= now.getTime()) throw new VisibleError('conflict', deskMessages.startPassed);
    await RateLimit.hit(rateLimits.assignBooking, booking.id);

    // Not rounded: the link then stops exactly at the booking's start when that comes first.
    const ttlSeconds = Math.min(CONFIRMATION_DAYS * 24 * 60 * 60 * 1000, start - now.getTime()) / 1000;
    const link = LinkToken.prepare({
      purpose: 'confirm-booking',
      subjectId: booking.id,
      ownerPk: `BOOKING#${booking.id}`,
      ttlSeconds,
      now,
    });
    const status: BookingStatus = 'Pending Customer Verification';
    const next: Stored = {
      ...booking,
      userId: account.id,
      customer: { firstName: account.firstName, lastName: account.lastName, email: account.email },
      status,
      confirmationTokenHash: link.tokenHash,
      updatedAt: now.toISOString(),
      statusHistory:
        booking.status === status
          ? booking.statusHistory
          : appendStatusChange(booking.statusHistory, {
              from: booking.status,
              to: status,
              by,
              at: now.toISOString(),
            }),
    };
    const mail = Outbox.prepare(customBookingLinkMail(mailInfo(next), link.token, link.expiresAt));
    try {
      await transactWrite([putIfUnchanged(next, booking), link.item, mail.item]);
    } catch (error) {
      if (failedConditions(error) === null) throw error;
      throw new VisibleError('conflict', deskMessages.changedMeanwhile);
    }
    await Outbox.deliver(mail);
    return withService(next);
  }

  // ---------------------------------------------------------------------------
  // The customer's confirmation link (doc 2 §2, §4; public, by token)

  /** 404 for a link we do not know, 400 for one used, expired or replaced (the contract's statuses). */
  function refuseLink(reason: LinkToken.Failure | 'replaced' | 'not-waiting'): never {
    if (reason === 'invalid') throw new VisibleError('not_found', deskMessages.linkInvalid);
    const text = {
      used: deskMessages.linkUsed,
      expired: deskMessages.linkExpired,
      stale: deskMessages.linkNotWaiting,
      replaced: deskMessages.linkReplaced,
      'not-waiting': deskMessages.linkNotWaiting,
    }[reason];
    throw new VisibleError('invalid', text, { reason });
  }

  /** The booking a usable link is for, or the refusal. A link reads only its own booking. */
  async function linkedBooking(token: string): Promise<{ booking: Stored; record: LinkToken.Stored }> {
    await RateLimit.hit(rateLimits.bookingLinkIp, useClientIp());
    const found = await LinkToken.inspect('confirm-booking', token);
    if (!found.ok) refuseLink(found.reason);
    const booking = await entity.get({ id: found.record.subjectId }, { consistent: true });
    if (!booking) refuseLink('invalid');
    if (booking.confirmationTokenHash !== found.record.tokenHash) refuseLink('replaced');
    if (booking.status !== 'Pending Customer Verification') refuseLink('not-waiting');
    return { booking, record: found.record };
  }

  /** `GET /api/bookings/verify-custom-booking/{token}`: the booking the link is for (doc 2 §3). */
  export async function forConfirmation(token: string): Promise<Info> {
    const { booking } = await linkedBooking(token);
    return withService(booking);
  }

  export const AnswerInput = z.union(
    [
      z.object({
        confirmed: z.literal(true),
        customerName: z.string().max(200).optional(),
        customerEmail: z.string().max(254).optional(),
      }),
      z.object({ confirmed: z.literal(false) }),
    ],
    { error: 'Send confirmed: true to confirm the booking, or confirmed: false to decline it.' },
  );
  export type AnswerInput = z.input<typeof AnswerInput>;

  /**
   * `POST /api/bookings/verify-custom-booking/{token}`: the customer confirms
   * (Confirmed; mails to the customer and the shop) or declines (Cancelled,
   * the time given back; a mail to the shop). The link's use and the
   * booking's change are one transaction, conditional on the link being
   * unused and still the booking's current one, so of many answers at once
   * exactly one counts; the others are 400.
   */
  export async function answerConfirmation(token: string, raw: AnswerInput): Promise<Info> {
    const input = AnswerInput.parse(raw);
    const { booking, record } = await linkedBooking(token);
    const by: StatusChangeBy = {
      _id: booking.userId ?? null,
      name: booking.customer ? `${booking.customer.firstName} ${booking.customer.lastName}` : 'customer',
      role: 'customer',
    };
    const status: BookingStatus = input.confirmed ? 'Confirmed' : 'Cancelled';
    // As it will be: the mails' calendar file counts this change too.
    const after: Stored = {
      ...booking,
      status,
      statusHistory: appendStatusChange(booking.statusHistory, {
        from: booking.status,
        to: status,
        by,
        at: new Date().toISOString(),
      }),
    };
    const mails = input.confirmed
      ? [
          ...toCustomer(after, bookingConfirmedMail),
          shopCustomBookingAnsweredMail(mailInfo(after), 'confirmed'),
        ]
      : [shopCustomBookingAnsweredMail(mailInfo(after), 'declined')];
    // The link is used in the same transaction; its condition fails when another answer used it first.
    const use = LinkToken.useItem(record, new Date());
    try {
      return await changeStatus(booking, status, by, { items: [use], mails });
    } catch (error) {
      if (!(error instanceof VisibleError && error.kind === 'conflict')) throw error;
      const again = await LinkToken.inspect('confirm-booking', token);
      refuseLink(again.ok ? 'not-waiting' : again.reason);
    }
  }
}
