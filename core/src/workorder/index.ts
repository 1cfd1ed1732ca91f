import { createHash } from 'node:crypto';
import * as z from 'zod';
import { assertAdmin, useActor, useClientIp } from '../actor';
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
import { RateLimit } from '../rate-limit/index';
import { rateLimits } from '../rate-limit/rules';
import { Storage } from '../storage/index';
import * as time from '../time';
import { User } from '../user/index';
import { createId, idSchema } from '../util/id';
import { emailAddress } from '../util/text';
import { takeAtLeast } from '../util/timing';
import {
  AcknowledgeInput,
  ListInput,
  type ParsedWorkOrderInput,
  StatusOnlyInput,
  WorkOrderInput,
} from './input';
import { acknowledgedMail, acknowledgmentLinkMail, shopAcknowledgedMail, workOrderMail } from './mail';
import {
  type AcknowledgmentState,
  WORK_ORDER_STATUSES,
  type WorkOrder as WorkOrderInfo,
  type WorkOrderStatus,
} from './model';
import { priceWorkOrder } from './pricing';
import { signaturePng } from './signature';

export { AcknowledgeInput, ListInput, StatusOnlyInput, WorkOrderInput } from './input';

/**
 * Work orders (doc 2 §3-§5, issue 13; docs/data-model.md "Work orders";
 * decisions 038 money and numbers, 039 acknowledgment, 040 the expiry job).
 *
 * - Money is computed here only, with `priceWorkOrder` (browser totals are
 *   never read).
 * - A number `WO-<year>-NNNN` comes from the year's atomic counter (one
 *   `ADD`), and the `WONUMBER` guard and the work order are written in one
 *   transaction; a number already guarded is skipped for the next.
 * - Every write of a work order is a full put conditional on `rev`, the
 *   version read, so two admins' edits cannot silently overwrite each other.
 * - The acknowledgment link is a LinkToken: using it and recording the
 *   acknowledgment are one transaction, conditional on the link still being
 *   the work order's current one.
 */
export namespace WorkOrder {
  export type Info = WorkOrderInfo;
  /** The form as the API takes it (dollars), and the acknowledgment form. */
  export type Body = WorkOrderInput;
  export type AcknowledgeBody = AcknowledgeInput;
  export const id = idSchema('workOrder', 'work order');

  export const messages = {
    notFound: 'Work order not found.',
    changedMeanwhile: 'The work order was changed meanwhile. Please reload it and try again.',
    noEmail: 'This work order has no customer email address.',
    portalBadEmail: 'Please provide a valid email address',
    portalNotFound: 'Work order not found or email does not match our records',
    linkInvalid: 'Work order not found or acknowledgment link is invalid.',
    alreadyAcknowledged: 'This work order has already been acknowledged.',
    linkExpired: 'The acknowledgment link has expired. Please contact us for a new link.',
    emailMismatch: 'The email address does not match the work order customer.',
    acknowledged: 'Work order acknowledged successfully.',
    deleted: 'Work order deleted successfully.',
    noSuchBooking: 'The related booking does not exist.',
    changedSinceShown:
      'This work order was changed after you opened it. Please reload the page to see the current version before acknowledging.',
  } as const;

  /** A 4xx whose body carries both `msg` and `message` (the spec's clients read `message` here). */
  export function fail(kind: VisibleError['kind'], text: string, extra: Record<string, unknown> = {}): never {
    throw new VisibleError(kind, text, { message: text, ...extra });
  }

  function parse<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) fail('invalid', parsed.error.issues[0]?.message ?? 'Invalid input.');
    return parsed.data;
  }

  // ---------------------------------------------------------------------------
  // Storage

  const Address = z.object({ street: z.string(), city: z.string(), state: z.string(), zipCode: z.string() });

  const PastAcknowledgment = z.object({
    acknowledgedAt: z.string(),
    acknowledgedBy: z.object({ name: z.string(), email: z.string() }),
    clientIp: z.string(),
    userAgent: z.string(),
    signatureKey: z.string().optional(),
    contentDigest: z.string(),
    /** When an edit of the work, parts or money made it no longer the current one. */
    supersededAt: z.string(),
  });

  const Acknowledgment = z.object({
    state: z.enum(['not_required', 'pending', 'expired', 'acknowledged']),
    /** The current link's hash (its LinkToken item's key); a newer link replaces it. */
    tokenHash: z.string().optional(),
    tokenExpiresAt: z.string().optional(),
    /** Set when an edit undid an acknowledgment: a new link must be generated (decision 039). */
    resignRequired: z.boolean().optional(),
    acknowledgedAt: z.string().optional(),
    acknowledgedBy: z.object({ name: z.string(), email: z.string() }).optional(),
    clientIp: z.string().optional(),
    userAgent: z.string().optional(),
    /** The drawn signature's object key in the bucket (under `private/`, never served). */
    signatureKey: z.string().optional(),
    /** SHA-256 of the work, parts and money acknowledged (`contentDigest`). */
    contentDigest: z.string().optional(),
  });

  const StatusChange = z.object({ status: z.enum(WORK_ORDER_STATUSES), at: z.string(), by: z.string() });

  const Stored = z.object({
    id: z.string(),
    workOrderNumber: z.string(),
    customer: z.object({ name: z.string(), email: z.string(), phone: z.string(), address: Address }),
    vehicle: z.object({
      year: z.number().int(),
      make: z.string(),
      model: z.string(),
      vin: z.string(),
      licensePlate: z.string(),
      mileage: z.number().int().optional(),
      color: z.string(),
    }),
    serviceDetails: z.object({
      description: z.string(),
      customerComplaints: z.string(),
      diagnosis: z.string(),
      workPerformed: z.string(),
      recommendations: z.string(),
    }),
    laborItems: z.array(
      z.object({
        description: z.string(),
        hours: z.number(),
        hourlyRateCents: z.number().int(),
        totalCents: z.number().int(),
      }),
    ),
    partItems: z.array(
      z.object({
        partNumber: z.string(),
        description: z.string(),
        quantity: z.number().int(),
        unitPriceCents: z.number().int(),
        totalCents: z.number().int(),
      }),
    ),
    pricing: z.object({
      taxRate: z.number(),
      laborSubtotalCents: z.number().int(),
      partsSubtotalCents: z.number().int(),
      subtotalCents: z.number().int(),
      taxAmountCents: z.number().int(),
      totalAmountCents: z.number().int(),
    }),
    status: z.enum(WORK_ORDER_STATUSES),
    scheduledDate: z.string().optional(),
    internalNotes: z.string(),
    customerNotes: z.string(),
    relatedBooking: z.string().optional(),
    emailSent: z.boolean(),
    emailSentDate: z.string().optional(),
    acknowledgment: Acknowledgment,
    /** Acknowledgments that later edits superseded, oldest first. */
    acknowledgmentHistory: z.array(PastAcknowledgment).default([]),
    statusHistory: z.array(StatusChange).default([]),
    /** Lowercased number, customer, vehicle and VIN: what the list's search matches. */
    searchText: z.string(),
    /** Raised by every write; writes are conditional on the value read. */
    rev: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  });
  export type Stored = z.infer<typeof Stored>;

  const ACK_QUEUE = 'ACK_PENDING';

  const entity = defineEntity({
    name: 'workOrder',
    version: 1,
    schema: Stored,
    key: ({ id }: { id: string }) => ({ pk: `WORKORDER#${id}`, sk: 'WORKORDER' }),
    indexes: {
      byCollection: (wo) => ({ pk: 'WORKORDER', sk: `${wo.createdAt}#${wo.id}` }),
      pendingAcknowledgments: (wo) =>
        wo.acknowledgment.state === 'pending' && wo.acknowledgment.tokenExpiresAt
          ? { pk: ACK_QUEUE, sk: `${wo.acknowledgment.tokenExpiresAt}#${wo.id}` }
          : undefined,
    },
  });

  /** `WONUMBER#<number>`: a number is used once; the portal finds the work order by it. */
  const numberGuard = defineEntity({
    name: 'workOrderNumber',
    version: 1,
    schema: z.object({ workOrderNumber: z.string(), workOrderId: z.string() }),
    key: ({ workOrderNumber }: { workOrderNumber: string }) => ({
      pk: `WONUMBER#${workOrderNumber}`,
      sk: 'WONUMBER',
    }),
  });

  /** `COUNTER` / `WORKORDER#<year>`: the last number used in that year. */
  const counter = defineEntity({
    name: 'counter',
    version: 1,
    schema: z.object({ name: z.string(), last: z.number().int() }),
    key: ({ name }: { name: string }) => ({ pk: 'COUNTER', sk: name }),
  });

  /** 'WO-2026-0001'. */
  export const formatNumber = (year: number, n: number) => `WO-${year}-${String(n).padStart(4, '0')}`;
  const NUMBER_SHAPE = /^WO-\d{4}-\d{4,7}$/;

  function searchTextOf(wo: Pick<Stored, 'workOrderNumber' | 'customer' | 'vehicle'>): string {
    const v = wo.vehicle;
    return [
      wo.workOrderNumber,
      wo.customer.name,
      wo.customer.email,
      wo.customer.phone,
      wo.customer.phone.replace(/\D/g, ''),
      `${v.year} ${v.make} ${v.model}`,
      v.vin,
      v.licensePlate,
      v.color,
    ]
      .join('\n')
      .toLowerCase();
  }

  /**
   * What an acknowledgment binds (decision 039): the work (description and
   * work performed, labor lines), the parts and the money. A later edit that
   * changes this digest undoes the acknowledgment.
   */
  export function contentDigest(
    wo: Pick<Stored, 'serviceDetails' | 'laborItems' | 'partItems' | 'pricing'>,
  ): string {
    const content = {
      description: wo.serviceDetails.description,
      workPerformed: wo.serviceDetails.workPerformed,
      laborItems: wo.laborItems.map((l) => [l.description, l.hours, l.hourlyRateCents, l.totalCents]),
      partItems: wo.partItems.map((p) => [
        p.partNumber,
        p.description,
        p.quantity,
        p.unitPriceCents,
        p.totalCents,
      ]),
      pricing: [
        wo.pricing.taxRate,
        wo.pricing.laborSubtotalCents,
        wo.pricing.partsSubtotalCents,
        wo.pricing.taxAmountCents,
        wo.pricing.totalAmountCents,
      ],
    };
    return createHash('sha256').update(JSON.stringify(content)).digest('hex');
  }

  /** The full put of `next`, conditional on the work order still being the version `read`. */
  function putIfUnchanged(next: Stored, read: Pick<Stored, 'rev'>): TransactItem {
    const put = entity.tx.put(next).Put;
    return {
      Put: {
        ...(put as NonNullable<typeof put>),
        ConditionExpression: 'attribute_exists(pk) AND rev = :readRev',
        ExpressionAttributeValues: { ':readRev': read.rev },
      },
    };
  }

  async function write(items: TransactItem[]): Promise<void> {
    try {
      await transactWrite(items);
    } catch (error) {
      if (failedConditions(error) === null) throw error;
      fail('conflict', messages.changedMeanwhile);
    }
  }

  async function currentByName(): Promise<string> {
    const actor = useActor();
    if (actor.type === 'system') return actor.name;
    if (actor.type !== 'user') return 'customer';
    const account = await User.find(actor.userId);
    return account ? `${account.firstName} ${account.lastName}` : actor.firstName;
  }

  async function find(workOrderId: string): Promise<Stored> {
    const wo = id.safeParse(workOrderId).success
      ? await entity.get({ id: workOrderId }, { consistent: true })
      : undefined;
    if (!wo) fail('not_found', messages.notFound);
    return wo;
  }

  const appendStatus = (history: Stored['statusHistory'], change: Stored['statusHistory'][number]) =>
    [...history, change].slice(-100);

  // ---------------------------------------------------------------------------
  // The view core hands out

  /** 'pending' past its expiry reads as 'expired' even before the scheduled job ran. */
  function stateOf(ack: Stored['acknowledgment'], now: number): AcknowledgmentState {
    if (ack.state === 'pending' && ack.tokenExpiresAt && Date.parse(ack.tokenExpiresAt) <= now)
      return 'expired';
    return ack.state;
  }

  export type Detail = Info & {
    statusHistory: Stored['statusHistory'];
    acknowledgmentHistory: {
      acknowledgmentDate: string;
      acknowledgedBy: { name: string; email: string };
      supersededAt: string;
    }[];
  };

  export function view(wo: Stored, now = Date.now()): Detail {
    const ack = wo.acknowledgment;
    const state = stateOf(ack, now);
    return {
      id: wo.id,
      workOrderNumber: wo.workOrderNumber,
      customer: wo.customer,
      vehicle: wo.vehicle,
      serviceDetails: wo.serviceDetails,
      laborItems: wo.laborItems,
      partItems: wo.partItems,
      pricing: wo.pricing,
      status: wo.status,
      scheduledDate: wo.scheduledDate,
      internalNotes: wo.internalNotes,
      customerNotes: wo.customerNotes,
      relatedBooking: wo.relatedBooking,
      emailSent: wo.emailSent,
      emailSentDate: wo.emailSentDate,
      acknowledgment: {
        isRequired: state !== 'not_required',
        isAcknowledged: state === 'acknowledged',
        state,
        acknowledgmentDate: state === 'acknowledged' ? ack.acknowledgedAt : undefined,
        tokenExpiresAt: state === 'pending' || state === 'expired' ? ack.tokenExpiresAt : undefined,
        ...(state === 'acknowledged' && ack.acknowledgedBy ? { acknowledgedBy: ack.acknowledgedBy } : {}),
        hasSignature: state === 'acknowledged' && Boolean(ack.signatureKey),
      },
      statusHistory: wo.statusHistory,
      acknowledgmentHistory: wo.acknowledgmentHistory.map((a) => ({
        acknowledgmentDate: a.acknowledgedAt,
        acknowledgedBy: a.acknowledgedBy,
        supersededAt: a.supersededAt,
      })),
      createdAt: wo.createdAt,
      updatedAt: wo.updatedAt,
    };
  }

  // ---------------------------------------------------------------------------
  // Admin verbs

  /** The new form's defaults (doc 2 §9; config): dollars an hour and a fraction. */
  export function defaults(): { hourlyRateCents: number; taxRate: number } {
    assertAdmin();
    const cfg = config();
    return { hourlyRateCents: cfg.laborRateCents, taxRate: cfg.defaultTaxRate };
  }

  /** The priced content of a form: the server's money only. */
  function priced(input: ParsedWorkOrderInput) {
    const cfg = config();
    return priceWorkOrder({
      laborItems: input.laborItems.map((l) => ({
        description: l.description,
        hours: l.hours,
        hourlyRateCents: l.hourlyRate ?? cfg.laborRateCents,
      })),
      partItems: input.partItems.map((p) => ({
        partNumber: p.partNumber,
        description: p.description,
        quantity: p.quantity,
        unitPriceCents: p.unitPrice,
      })),
      taxRate: input.taxRate ?? cfg.defaultTaxRate,
    });
  }

  /** A related booking must exist (read by key only; the booking module is not loaded for it). */
  async function checkBooking(bookingId: string | undefined): Promise<void> {
    if (!bookingId) return;
    const [found] = await batchGetItems([{ pk: `BOOKING#${bookingId}`, sk: 'BOOKING' }], 'pk');
    if (!found) fail('invalid', messages.noSuchBooking);
  }

  function contentOf(input: ParsedWorkOrderInput) {
    const money = priced(input);
    return {
      customer: { ...input.customer, email: input.customer.email },
      vehicle: input.vehicle,
      serviceDetails: input.serviceDetails,
      laborItems: money.laborItems,
      partItems: money.partItems,
      pricing: money.pricing,
      scheduledDate: input.scheduledDate,
      internalNotes: input.internalNotes,
      customerNotes: input.customerNotes,
      relatedBooking: input.relatedBooking,
    };
  }

  const MAX_NUMBER_TRIES = 20;

  /**
   * The next number of the year's counter: one atomic `ADD` (never
   * contended: twenty creates at once get twenty numbers in one round each).
   */
  async function nextNumber(counterName: string): Promise<number> {
    const updated = await counter.update(
      { name: counterName },
      {
        UpdateExpression: 'ADD #last :one SET #name = :name, #type = :type, #v = :v',
        ExpressionAttributeNames: { '#last': 'last', '#name': 'name', '#type': '_type', '#v': '_v' },
        ExpressionAttributeValues: { ':one': 1, ':name': counterName, ':type': 'counter', ':v': 1 },
      },
    );
    if (!updated) throw new Error(`The counter ${counterName} could not be raised.`);
    return updated.last;
  }

  /** `POST /api/workOrders`: a new work order with the next number of the year (business zone). */
  export async function create(raw: WorkOrderInput, now = new Date()): Promise<Detail> {
    assertAdmin();
    const input = parse(WorkOrderInput, raw);
    await checkBooking(input.relatedBooking);
    const by = await currentByName();
    const content = contentOf(input);
    const year = Number(time.today(now).slice(0, 4));
    const counterName = `WORKORDER#${year}`;
    const workOrderId = createId('workOrder');
    const at = now.toISOString();
    const status: WorkOrderStatus = input.status ?? 'draft';
    for (let attempt = 0; attempt < MAX_NUMBER_TRIES; attempt += 1) {
      const n = await nextNumber(counterName);
      const workOrderNumber = formatNumber(year, n);
      const record: Stored = {
        id: workOrderId,
        workOrderNumber,
        ...content,
        status,
        emailSent: false,
        acknowledgment: { state: 'not_required' },
        acknowledgmentHistory: [],
        statusHistory: [{ status, at, by }],
        searchText: searchTextOf({ workOrderNumber, ...content }),
        rev: 1,
        createdAt: at,
        updatedAt: at,
      };
      try {
        await transactWrite([
          numberGuard.tx.put({ workOrderNumber, workOrderId }, { ifAbsent: true }),
          entity.tx.put(record, { ifAbsent: true }),
        ]);
        return view(record);
      } catch (error) {
        const failed = failedConditions(error);
        // The number is already someone's (a counter set back by hand, numbers imported): take the next.
        if (!failed?.includes(0)) throw error;
      }
    }
    fail('conflict', 'Too many work orders are being created at once. Please try again.');
  }

  /** `GET /api/workOrders/{id}`. */
  export async function get(workOrderId: string): Promise<Detail> {
    assertAdmin();
    return view(await find(workOrderId));
  }

  /** `GET /api/workOrders`: newest first, searched and filtered, a page by skip and limit, with the total. */
  export async function list(
    raw: ListInput = {},
  ): Promise<{ workOrders: Detail[]; total: number; hasMore: boolean }> {
    assertAdmin();
    const input = parse(ListInput, raw);
    const needle = (input.search ?? '').toLowerCase();
    const digits = needle.replace(/\D/g, '');
    const status = input.status && input.status !== 'all' ? input.status : undefined;
    // A shop's work orders stay in the thousands: the list reads the collection and counts the matches.
    const all = await entity.queryAll({
      index: 'byCollection',
      partition: 'WORKORDER',
      descending: true,
      filter: (wo) =>
        (!status || wo.status === status) &&
        (!needle ||
          wo.searchText.includes(needle) ||
          (digits.length >= 4 && /^[\d\s()+.-]+$/.test(needle) && wo.searchText.includes(digits))),
    });
    const page = all.slice(input.skip, input.skip + input.limit);
    return {
      workOrders: page.map((wo) => view(wo)),
      total: all.length,
      hasMore: input.skip + page.length < all.length,
    };
  }

  /**
   * `PUT /api/workOrders/{id}`: the full form (money computed again), or
   * exactly `{ status }`. A change of the acknowledged work, parts or money
   * undoes the acknowledgment: it moves to the history and a new link must
   * be generated (decision 039).
   */
  export async function update(workOrderId: string, raw: unknown): Promise<Detail> {
    assertAdmin();
    if (
      raw &&
      typeof raw === 'object' &&
      !Array.isArray(raw) &&
      Object.keys(raw).length === 1 &&
      'status' in raw
    ) {
      return setStatus(workOrderId, raw as z.input<typeof StatusOnlyInput>);
    }
    const input = parse(WorkOrderInput, raw);
    const wo = await find(workOrderId);
    if (input.relatedBooking !== wo.relatedBooking) await checkBooking(input.relatedBooking);
    const by = await currentByName();
    const content = contentOf(input);
    const now = new Date().toISOString();
    const status = input.status ?? wo.status;
    let acknowledgment = wo.acknowledgment;
    let acknowledgmentHistory = wo.acknowledgmentHistory;
    const ack = wo.acknowledgment;
    if (ack.state === 'acknowledged' && ack.contentDigest !== contentDigest(content)) {
      acknowledgmentHistory = [
        ...wo.acknowledgmentHistory,
        {
          acknowledgedAt: ack.acknowledgedAt ?? now,
          acknowledgedBy: ack.acknowledgedBy ?? { name: '', email: '' },
          clientIp: ack.clientIp ?? '',
          userAgent: ack.userAgent ?? '',
          signatureKey: ack.signatureKey,
          contentDigest: ack.contentDigest ?? '',
          supersededAt: now,
        },
      ].slice(-50);
      acknowledgment = { state: 'pending', resignRequired: true };
    }
    const next: Stored = {
      ...wo,
      ...content,
      status,
      acknowledgment,
      acknowledgmentHistory,
      statusHistory:
        status === wo.status ? wo.statusHistory : appendStatus(wo.statusHistory, { status, at: now, by }),
      searchText: searchTextOf({ workOrderNumber: wo.workOrderNumber, ...content }),
      rev: wo.rev + 1,
      updatedAt: now,
    };
    await write([putIfUnchanged(next, wo)]);
    return view(next);
  }

  /** The admin sets any status directly (doc 2 §4); kept in the history with who and when. */
  export async function setStatus(
    workOrderId: string,
    raw: z.input<typeof StatusOnlyInput>,
  ): Promise<Detail> {
    assertAdmin();
    const { status } = parse(StatusOnlyInput, raw);
    const wo = await find(workOrderId);
    if (status === wo.status) return view(wo);
    const now = new Date().toISOString();
    const next: Stored = {
      ...wo,
      status,
      statusHistory: appendStatus(wo.statusHistory, { status, at: now, by: await currentByName() }),
      rev: wo.rev + 1,
      updatedAt: now,
    };
    await write([putIfUnchanged(next, wo)]);
    return view(next);
  }

  /** `DELETE /api/workOrders/{id}`: the work order, its number's guard and its pending link, at once. */
  export async function remove(workOrderId: string): Promise<{ message: string }> {
    assertAdmin();
    const wo = await find(workOrderId);
    const ack = wo.acknowledgment;
    await write([
      entity.tx.delete(
        { id: wo.id },
        {
          ConditionExpression: 'attribute_exists(pk) AND rev = :readRev',
          ExpressionAttributeValues: { ':readRev': wo.rev },
        },
      ),
      numberGuard.tx.delete({ workOrderNumber: wo.workOrderNumber }),
      ...(ack.tokenHash && ack.state !== 'acknowledged' ? [LinkToken.removeItem(ack.tokenHash)] : []),
    ]);
    // The signatures go with it (best effort: a leftover private object is never served).
    const keys = [ack.signatureKey, ...wo.acknowledgmentHistory.map((a) => a.signatureKey)].filter(
      (key): key is string => Boolean(key),
    );
    await Promise.all(keys.map((key) => deleteObject(key)));
    return { message: messages.deleted };
  }

  // ---------------------------------------------------------------------------
  // Mail and the PDF

  /** What the PDF of a work order needs: the work order and its drawn signature, if any. */
  export type PdfParts = { workOrder: Detail; signaturePng?: Uint8Array };

  async function pdfPartsOf(wo: Stored): Promise<PdfParts> {
    const key = wo.acknowledgment.state === 'acknowledged' ? wo.acknowledgment.signatureKey : undefined;
    return { workOrder: view(wo), ...(key ? { signaturePng: await readObject(key) } : {}) };
  }

  /** `GET /api/workOrders/{id}/pdf` (admin): what to render. */
  export async function forPdf(workOrderId: string): Promise<PdfParts> {
    assertAdmin();
    return pdfPartsOf(await find(workOrderId));
  }

  /**
   * An attachment's base64 larger than this is left out of the mail (the
   * outbox keeps a mail in one DynamoDB item, at most 400 KB); the mail then
   * points to the portal instead. A work order's PDF is far smaller.
   */
  export const MAX_ATTACHMENT_BASE64 = 300 * 1024;

  /**
   * `POST /api/workOrders/{id}/send-email`: mails the customer the work
   * order with its PDF (rendered by `render`) and records that it was sent.
   */
  export async function sendEmail(
    workOrderId: string,
    render: (parts: PdfParts) => Promise<Uint8Array>,
  ): Promise<{ message: string; workOrder: Detail }> {
    assertAdmin();
    const wo = await find(workOrderId);
    if (!wo.customer.email) fail('invalid', messages.noEmail);
    await RateLimit.hit(rateLimits.workOrderMail, wo.id);
    const pdf = Buffer.from(await render(await pdfPartsOf(wo))).toString('base64');
    const now = new Date().toISOString();
    const next: Stored = { ...wo, emailSent: true, emailSentDate: now, rev: wo.rev + 1, updatedAt: now };
    const mail = Outbox.prepare(workOrderMail(view(next), pdf.length <= MAX_ATTACHMENT_BASE64 ? pdf : null));
    await write([putIfUnchanged(next, wo), mail.item]);
    await Outbox.deliver(mail);
    return { message: `Work order ${wo.workOrderNumber} sent to the customer.`, workOrder: view(next) };
  }

  /**
   * `POST /api/workOrders/{id}/generate-acknowledgment`: a new single-use
   * link (256 bits, stored hashed, `ackLinkDays` long), mailed to the
   * customer; it replaces the earlier one, whose token is deleted in the
   * same transaction. An acknowledged work order answers 400 with the date.
   */
  export async function generateAcknowledgment(
    workOrderId: string,
    now = new Date(),
  ): Promise<{ tokenExpiresAt: string; message: string; workOrder: Detail }> {
    assertAdmin();
    const wo = await find(workOrderId);
    const ack = wo.acknowledgment;
    if (ack.state === 'acknowledged') {
      const date = time.formatLongDate(ack.acknowledgedAt);
      fail('invalid', `This work order has already been acknowledged on ${date}`, {
        acknowledgmentDate: ack.acknowledgedAt,
      });
    }
    if (!wo.customer.email) fail('invalid', messages.noEmail);
    await RateLimit.hit(rateLimits.workOrderMail, wo.id);
    const link = LinkToken.prepare({
      purpose: 'acknowledge-work-order',
      subjectId: wo.id,
      ownerPk: `WORKORDER#${wo.id}`,
      ttlSeconds: config().ackLinkDays * 24 * 60 * 60,
      now,
    });
    const at = now.toISOString();
    const next: Stored = {
      ...wo,
      acknowledgment: {
        state: 'pending',
        tokenHash: link.tokenHash,
        tokenExpiresAt: link.expiresAt.toISOString(),
      },
      rev: wo.rev + 1,
      updatedAt: at,
    };
    const mail = Outbox.prepare(acknowledgmentLinkMail(view(next), link.token, link.expiresAt));
    await write([
      putIfUnchanged(next, wo),
      link.item,
      ...(ack.tokenHash ? [LinkToken.removeItem(ack.tokenHash)] : []),
      mail.item,
    ]);
    await Outbox.deliver(mail);
    return {
      tokenExpiresAt: link.expiresAt.toISOString(),
      message: 'Acknowledgment link sent to the customer.',
      workOrder: view(next, now.getTime()),
    };
  }

  // ---------------------------------------------------------------------------
  // The public portal

  const PortalEmail = emailAddress;
  /** A placeholder id read when the number is unknown, so both refusals do the same reads. */
  const NO_WORK_ORDER = 'wo_00000000000000000000000000';
  const PORTAL_FLOOR_MS = 150;

  /**
   * `GET /api/workOrders/public/{number}/pdf?email=`: anyone with the
   * number and the customer's email (any case) gets the PDF's parts. A
   * wrong email and an unknown number are the same 404 after the same two
   * reads; limited per address and per number.
   */
  export async function forPortal(number: string, email: string): Promise<PdfParts> {
    const parsedEmail = PortalEmail.safeParse(email ?? '');
    if (!parsedEmail.success) fail('invalid', messages.portalBadEmail);
    const workOrderNumber = number.trim().toUpperCase().slice(0, 40);
    await RateLimit.hit(rateLimits.workOrderPortalIp, useClientIp());
    await RateLimit.hit(rateLimits.workOrderPortalNumber, workOrderNumber.slice(0, 20));
    // The same two reads whichever way it ends, under a floor that exceeds their usual time (decision 009).
    const wo = await takeAtLeast(PORTAL_FLOOR_MS, async () => {
      const guard = NUMBER_SHAPE.test(workOrderNumber)
        ? await numberGuard.get({ workOrderNumber }, { consistent: true })
        : undefined;
      const found = await entity.get({ id: guard?.workOrderId ?? NO_WORK_ORDER }, { consistent: true });
      return found && found.customer.email.toLowerCase() === parsedEmail.data.toLowerCase() ? found : null;
    });
    if (!wo) fail('not_found', messages.portalNotFound);
    return pdfPartsOf(wo);
  }

  // ---------------------------------------------------------------------------
  // The acknowledgment link (public, by token)

  function refuseLink(reason: LinkToken.Failure | 'replaced' | 'acknowledged' | 'expired-state'): never {
    if (reason === 'invalid' || reason === 'replaced') fail('not_found', messages.linkInvalid);
    if (reason === 'used' || reason === 'acknowledged') {
      fail('invalid', messages.alreadyAcknowledged, { alreadyAcknowledged: true });
    }
    if (reason === 'expired' || reason === 'expired-state') {
      fail('invalid', messages.linkExpired, { expired: true });
    }
    fail('conflict', messages.changedMeanwhile);
  }

  async function linked(token: string, now: Date): Promise<{ wo: Stored; record: LinkToken.Stored }> {
    await RateLimit.hit(rateLimits.workOrderLinkIp, useClientIp());
    const found = await LinkToken.inspect('acknowledge-work-order', token, now);
    if (!found.ok) refuseLink(found.reason);
    const wo = await entity.get({ id: found.record.subjectId }, { consistent: true });
    if (!wo || wo.acknowledgment.tokenHash !== found.record.tokenHash) refuseLink('replaced');
    if (wo.acknowledgment.state === 'acknowledged') refuseLink('acknowledged');
    if (stateOf(wo.acknowledgment, now.getTime()) === 'expired') refuseLink('expired-state');
    return { wo, record: found.record };
  }

  /** What the acknowledgment page shows (doc 2 §2). */
  export type ForAcknowledgment = Pick<
    Info,
    | 'workOrderNumber'
    | 'status'
    | 'vehicle'
    | 'serviceDetails'
    | 'scheduledDate'
    | 'laborItems'
    | 'partItems'
    | 'pricing'
  > & {
    customer: { name: string; email: string };
    /** The content digest of what is shown: sent back with the acknowledgment, which binds it (decision 039). */
    version: string;
  };

  /** `GET /api/workOrders/acknowledge/{token}`. */
  export async function forAcknowledgment(token: string, now = new Date()): Promise<ForAcknowledgment> {
    const { wo } = await linked(token, now);
    return {
      workOrderNumber: wo.workOrderNumber,
      status: wo.status,
      customer: { name: wo.customer.name, email: wo.customer.email },
      vehicle: wo.vehicle,
      serviceDetails: wo.serviceDetails,
      scheduledDate: wo.scheduledDate,
      laborItems: wo.laborItems,
      partItems: wo.partItems,
      pricing: wo.pricing,
      version: contentDigest(wo),
    };
  }

  /**
   * `POST /api/workOrders/acknowledge/{token}`: the customer acknowledges,
   * optionally with a drawn signature (checked by its bytes, stored
   * privately). Using the link and recording the acknowledgment (name,
   * email, time, address, browser, signature key, content digest) are one
   * transaction, conditional on the link being unused and the work order
   * unchanged since read; the confirmations go to the customer and the shop.
   */
  export async function acknowledge(
    token: string,
    raw: AcknowledgeInput,
    now = new Date(),
  ): Promise<{ message: string; workOrderNumber: string }> {
    const input = parse(AcknowledgeInput, raw);
    const { wo } = await linked(token, now);
    if (input.acknowledgedBy.email.toLowerCase() !== wo.customer.email.toLowerCase()) {
      fail('forbidden', messages.emailMismatch);
    }
    // What the customer read is what they acknowledge: an edit since the page was shown refuses it.
    if (input.version !== undefined && input.version !== contentDigest(wo)) {
      fail('invalid', messages.changedSinceShown, { changed: true });
    }
    const png = input.signature ? signaturePng(input.signature) : undefined;
    const signatureKey = png
      ? `${SIGNATURE_PREFIX}${wo.id}/${createId('workOrder').slice(3)}.png`
      : undefined;
    if (png && signatureKey) await putObject(signatureKey, png);
    const at = now.toISOString();
    const by = { name: input.acknowledgedBy.name, email: input.acknowledgedBy.email };
    const next: Stored = {
      ...wo,
      acknowledgment: {
        state: 'acknowledged',
        tokenHash: wo.acknowledgment.tokenHash,
        tokenExpiresAt: wo.acknowledgment.tokenExpiresAt,
        acknowledgedAt: at,
        acknowledgedBy: by,
        clientIp: useClientIp(),
        userAgent: input.userAgent,
        signatureKey,
        contentDigest: contentDigest(wo),
      },
      rev: wo.rev + 1,
      updatedAt: at,
    };
    const mails = [
      Outbox.prepare(acknowledgedMail(view(next), by, at)),
      Outbox.prepare(shopAcknowledgedMail(view(next), by, at, Boolean(signatureKey))),
    ];
    const result = await LinkToken.redeemWith(
      'acknowledge-work-order',
      token,
      () => [putIfUnchanged(next, wo), ...mails.map((m) => m.item)],
      now,
    );
    if (!result.ok) {
      if (signatureKey) await deleteObject(signatureKey);
      refuseLink(result.reason);
    }
    await Outbox.deliver(...mails);
    return { message: messages.acknowledged, workOrderNumber: wo.workOrderNumber };
  }

  // ---------------------------------------------------------------------------
  // The scheduled job (decision 040)

  /**
   * Marks expired every pending acknowledgment whose link ran out by `now`:
   * the `ACK_PENDING` queue up to now, one conditional update each (still
   * pending with that expiry), which also takes it out of the queue. Running
   * it twice, or twice at once, changes each work order once.
   */
  export async function expireAcknowledgments(now = new Date()): Promise<{ expired: number; due: number }> {
    assertAdmin();
    const { items } = await entity.query({
      index: 'pendingAcknowledgments',
      partition: ACK_QUEUE,
      sort: { lessThan: `${now.toISOString()}#~` },
      limit: 500,
    });
    let expired = 0;
    for (const wo of items) {
      const expiresAt = wo.acknowledgment.tokenExpiresAt;
      if (!expiresAt || Date.parse(expiresAt) > now.getTime()) continue;
      const changed = await entity.update(
        { id: wo.id },
        {
          UpdateExpression:
            'SET acknowledgment.#state = :expired, rev = rev + :one REMOVE ackQueuePk, ackQueueSk',
          ConditionExpression:
            'attribute_exists(pk) AND acknowledgment.#state = :pending AND acknowledgment.tokenExpiresAt = :expiresAt',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: {
            ':expired': 'expired',
            ':pending': 'pending',
            ':expiresAt': expiresAt,
            ':one': 1,
          },
        },
      );
      if (changed) expired += 1;
    }
    return { expired, due: items.length };
  }

  // ---------------------------------------------------------------------------
  // Private objects (signatures)

  /** Signatures live under this prefix: never `images/`, which the CDN and the local server serve. */
  export const SIGNATURE_PREFIX = 'private/work-orders/';

  async function putObject(key: string, bytes: Uint8Array): Promise<void> {
    const { PutObjectCommand } = await Storage.sdk();
    await (
      await Storage.s3()
    ).send(
      new PutObjectCommand({ Bucket: Storage.bucket(), Key: key, Body: bytes, ContentType: 'image/png' }),
    );
  }

  async function readObject(key: string): Promise<Uint8Array | undefined> {
    const { GetObjectCommand } = await Storage.sdk();
    try {
      const { Body } = await (
        await Storage.s3()
      ).send(new GetObjectCommand({ Bucket: Storage.bucket(), Key: key }));
      return Body ? await Body.transformToByteArray() : undefined;
    } catch (error) {
      console.error(
        JSON.stringify({ level: 'error', msg: 'signature not readable', key, error: String(error) }),
      );
      return undefined;
    }
  }

  async function deleteObject(key: string): Promise<void> {
    const { DeleteObjectCommand } = await Storage.sdk();
    await (
      await Storage.s3()
    )
      .send(new DeleteObjectCommand({ Bucket: Storage.bucket(), Key: key }))
      .catch((error: unknown) =>
        console.error(
          JSON.stringify({ level: 'error', msg: 'signature not deleted', key, error: String(error) }),
        ),
      );
  }

  /** A stored signature's bytes (tests and support). */
  export async function signatureOf(workOrderId: string): Promise<Uint8Array | undefined> {
    assertAdmin();
    const wo = await find(workOrderId);
    return wo.acknowledgment.signatureKey ? readObject(wo.acknowledgment.signatureKey) : undefined;
  }
}
