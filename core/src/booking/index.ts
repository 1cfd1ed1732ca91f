import * as z from 'zod';
import { assertAdmin, NOT_SIGNED_IN, useUser } from '../actor';
import { config } from '../config';
import { defineEntity, failedConditions, type TransactItem, transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import { Outbox } from '../mail/outbox';
import type { Mail } from '../mail/index';
import { Payments } from '../payments/index';
import { parseDurationMinutes } from '../service/duration';
import { Service } from '../service/index';
import * as time from '../time';
import { TimeSlot } from '../timeslot/index';
import { User } from '../user/index';
import { createId, idSchema } from '../util/id';
import { requiredLine } from '../util/text';
import { Crew } from './crew';
import {
  bookingCancelledMail,
  bookingCompletedMail,
  bookingConfirmedMail,
  type BookingMailInfo,
  bookingReceivedMail,
  shopBookingCancelledMail,
  shopNewBookingMail,
} from './mail';
import {
  BOOKING_LIMITS,
  BOOKING_STATUSES,
  type BookingStatus,
  bookingMessages,
  customerCanCancel,
  customerCanEdit,
  DEFAULT_BOOKING_MINUTES,
  showsProgress,
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
      createdAt: now,
      updatedAt: now,
    };
    const record = await claim(base, occupancy, now);
    return withService(record);
  };

  /**
   * Writes the booking and claims its time: tries technician 1, then 2 … A
   * failure on the BOOKED guard or the slot means the time was taken (409);
   * on crew guards only, the next technician is tried; when none is free,
   * the crew is full (409). A transaction that lost to a concurrent one
   * (no failed condition) is tried again a few times.
   */
  async function claim(base: Omit<Stored, 'claim'>, occupancy: Crew.Occupancy, now: string): Promise<Stored> {
    const { crewSize } = config();
    let attempts = 0;
    for (let technician = 1; technician <= crewSize;) {
      const record: Stored = {
        ...base,
        claim: { technician, start: occupancy.start, end: occupancy.end, blocks: occupancy.blocks },
      };
      const mails = [...toCustomer(record, bookingReceivedMail), shopNewBookingMail(mailInfo(record))];
      const prepared = mails.map((mail) => Outbox.prepare(mail));
      const head: TransactItem[] = [
        entity.tx.put(record, { ifAbsent: true }),
        booked.tx.put(
          { key: base.bookedKey, date: base.date, time: base.time, bookingId: base.id },
          { ifAbsent: true },
        ),
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
        if (failed.some((index) => index < head.length)) {
          throw new VisibleError('conflict', bookingMessages.slotTaken);
        }
        if (failed.length === 0) {
          attempts += 1;
          if (attempts >= MAX_ATTEMPTS) throw new VisibleError('conflict', bookingMessages.slotTaken);
          await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
          continue;
        }
        technician += 1;
      }
    }
    throw new VisibleError('conflict', bookingMessages.crewFull);
  }

  /** The items that give a booking's time back: its BOOKED guard, its slot, its technician's blocks. */
  function releaseItems(b: Stored, now: string): TransactItem[] {
    return [
      booked.tx.delete(
        { key: b.bookedKey, date: b.date, time: b.time },
        { ConditionExpression: 'bookingId = :booking', ExpressionAttributeValues: { ':booking': b.id } },
      ),
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
    return changeStatus(booking, 'Cancelled', 'customer');
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

  /**
   * Which statuses an admin may move a booking to (decision 024): Completed
   * and Cancelled are final (a completed job has been charged; a cancelled
   * one has given its time back and is booked again as a new booking).
   */
  export const nextStatuses: Record<BookingStatus, readonly BookingStatus[]> = {
    Pending: ['Confirmed', 'Completed', 'Cancelled'],
    Confirmed: ['Pending', 'Completed', 'Cancelled'],
    'Pending Verification': ['Pending', 'Confirmed', 'Cancelled'],
    'Pending Customer Verification': ['Pending', 'Confirmed', 'Cancelled'],
    Completed: [],
    Cancelled: [],
  };

  /** `PATCH /api/bookings/{id}/status` (admin): a new status, or the progress text. */
  export async function setStatus(bookingId: string, raw: StatusInput): Promise<Info> {
    assertAdmin();
    const input = StatusInput.parse(raw);
    const booking = id.safeParse(bookingId).success
      ? await entity.get({ id: bookingId }, { consistent: true })
      : undefined;
    if (!booking) throw new VisibleError('not_found', bookingMessages.notFound);
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
      if (!updated)
        throw new VisibleError('conflict', 'The booking changed meanwhile. Please reload and try again.');
      return withService(updated);
    }
    if (input.status === booking.status) return withService(booking);
    if (!nextStatuses[booking.status].includes(input.status)) {
      throw new VisibleError('conflict', `A ${booking.status} booking cannot be set to ${input.status}.`);
    }
    return changeStatus(booking, input.status, 'shop');
  }

  /**
   * One status change as one transaction, conditional on the status read
   * (a concurrent change makes this one fail with 409), with the mails the
   * customer must get. Cancelling gives the time back in the same
   * transaction; completing records a pending payment, then charges the card.
   */
  async function changeStatus(
    booking: Stored,
    status: BookingStatus,
    by: 'customer' | 'shop',
  ): Promise<Info> {
    const now = new Date().toISOString();
    const cancelling = status === 'Cancelled';
    const completing = status === 'Completed';
    const next: Stored = {
      ...booking,
      status,
      updatedAt: now,
      ...(cancelling ? { claim: undefined } : {}),
      ...(completing ? { payment: { status: 'pending', amountCents: booking.priceCents, at: now } } : {}),
    };
    const mails: Mail.Message[] = cancelling
      ? [
          ...toCustomer(next, (b) => bookingCancelledMail(b, by)),
          shopBookingCancelledMail(mailInfo(next), by),
        ]
      : status === 'Confirmed'
        ? toCustomer(next, bookingConfirmedMail)
        : [];
    const prepared = mails.map((mail) => Outbox.prepare(mail));
    try {
      await transactWrite([
        putIfUnchanged(next, booking),
        ...(cancelling ? releaseItems(booking, now) : []),
        ...prepared.map((p) => p.item),
      ]);
    } catch (error) {
      if (failedConditions(error) === null) throw error;
      throw new VisibleError('conflict', 'The booking changed meanwhile. Please reload and try again.');
    }
    await Promise.all(prepared.map((p) => Outbox.deliver(p)));
    if (completing) return withService(await chargeCompleted(next));
    return withService(next);
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
}
