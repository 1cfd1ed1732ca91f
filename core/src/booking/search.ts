import * as z from 'zod';
import { assertAdmin } from '../actor';
import { batchGetItems, type Page } from '../db/entity';
import { table } from '../db/table';
import * as time from '../time';
import { callerFirst, fn } from '../util/fn';
import { AllFilters } from './input';
import { upcomingFirst } from './upcoming-first';
import type { DeskStatusFilter } from './rules';
import { entity, findBooking, isOpen, openView, Row, type RowInfo, type Stored, withServices } from './store';

// ---------------------------------------------------------------------------
// The admin's desk (issue 11; decision 027)

const lower = (value: string) => value.trim().toLocaleLowerCase('en-US');

/**
 * Whether the desk's search words `q` (lower case) name the booking's service
 * address (issue 20): a ZIP code (its start: '193' finds 19380), or a part of
 * the street ('gay st' finds '12 W Gay St').
 */
function atAddress(b: Row, q: string): boolean {
  const address = b.serviceAddress;
  if (!address) return false;
  if (/^\d{3,5}(-\d{0,4})?$/.test(q)) return address.zipCode.startsWith(q);
  return q.length >= 2 && lower(address.street).includes(q);
}

/** Whether a booking passes the admin's search (pure; the date range is the query's key condition). */
export function matchesFilters(b: Row, f: z.output<typeof AllFilters>): boolean {
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
    if (!names.some((name) => lower(name).includes(q)) && !atAddress(b, q)) return false;
  }
  if (f.startDate && b.date < f.startDate) return false;
  if (f.endDate && b.date > f.endDate) return false;
  if (f.make && lower(b.vehicleMake) !== lower(f.make)) return false;
  if (f.model && lower(b.vehicleModel) !== lower(f.model)) return false;
  if (f.year !== undefined && b.vehicleYear !== f.year) return false;
  if (f.service === 'custom' && !b.isCustomService) return false;
  if (f.service && f.service !== 'custom' && (b.isCustomService || b.serviceId !== f.service)) return false;
  if (f.status && !hasDeskStatus(b, f.status)) return false;
  return true;
}

/** Whether a booking is one the desk's status filter asks for (issue 30). */
function hasDeskStatus(b: Row, status: DeskStatusFilter): boolean {
  switch (status) {
    case 'open':
      return isOpen(b.status);
    case 'paid':
      return b.payment?.status === 'paid';
    case 'refunded':
      return (b.payment?.refundedCents ?? 0) > 0;
    case 'all':
      return true;
    default:
      return b.status === status;
  }
}

/** The filters whose bookings are all open: the open-bookings index holds them (decision 050). */
const inOpenIndex = (status: DeskStatusFilter | undefined): boolean =>
  status === undefined ||
  status === 'open' ||
  (status !== 'paid' && status !== 'refunded' && status !== 'all' && isOpen(status));

/**
 * What a closed booking's row reads from the bookings' collection (issue 30): the fields the
 * open-bookings index carries (db/table.ts), so a page of closed bookings is as small as an open one.
 */
const rowView = {
  attributes: (table.indexes.openBookings.projection as readonly string[]).filter(
    (name) => name !== '_type' && name !== '_v',
  ) as (keyof Stored & string)[],
  schema: Row,
};

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

/** A booking's paid charge as the work-order list shows it (issue 30): how much, and when. */
export type PaidCharge = { amountCents: number; at: string; workOrderId: string | null };

/**
 * The paid charges of these bookings (admin), read by key with only `id, payment` projected: the
 * work-order list says Paid for a work order whose booking's charge paid it (issue 30). Unpaid or
 * missing bookings are left out.
 */
export async function paidCharges(bookingIds: string[]): Promise<Map<string, PaidCharge>> {
  assertAdmin();
  const paid = new Map<string, PaidCharge>();
  if (bookingIds.length === 0) return paid;
  const raws = await batchGetItems(
    [...new Set(bookingIds)].map((bookingId) => entity.key({ id: bookingId })),
    'id, payment',
  );
  for (const raw of raws) {
    const payment = raw.payment as
      { status?: unknown; amountCents?: unknown; at?: unknown; workOrderId?: unknown } | undefined;
    if (typeof raw.id !== 'string' || payment?.status !== 'paid') continue;
    paid.set(raw.id, {
      amountCents: typeof payment.amountCents === 'number' ? payment.amountCents : 0,
      at: typeof payment.at === 'string' ? payment.at : '',
      workOrderId: typeof payment.workOrderId === 'string' ? payment.workOrderId : null,
    });
  }
  return paid;
}

/** The page size when the client names none (the spec's client sends no limit). */
export const DESK_PAGE_SIZE = 50;
/** At most this many index items are read for one page, matching the search or not (decision 049). */
export const DESK_READ_BUDGET = 250;

/**
 * `GET /api/bookings/all` (admin): one page of the open bookings (not
 * Cancelled or Completed: what the desk's main list shows, doc 2 §2), or with
 * `status` (issue 30, decision 094) one status, the paid, the refunded or all;
 * upcoming first, soonest first, then the past, newest first (decision 095),
 * custom bookings not yet assigned included, narrowed by the advanced search.
 * Read from the sparse open-bookings index (decision 050), or for closed ones
 * the bookings' collection: the date range is the key condition; the other
 * filters are applied to what a page reads, within the read budget, so a page
 * may hold fewer than `limit` bookings and still have a cursor.
 */
export const listAll = fn(
  AllFilters,
  async (f): Promise<Page<RowInfo>> => {
    assertAdmin();
    const open = inOpenIndex(f.status);
    const filtered =
      f.customerName ||
      f.make ||
      f.model ||
      f.year !== undefined ||
      f.service ||
      (f.status !== undefined && f.status !== 'open' && f.status !== 'all');
    // Every page is bounded (decision 049): a filter reads at most the budget, then ends with a cursor.
    const filter = filtered ? { filter: (b: Row) => matchesFilters(b, f), budget: DESK_READ_BUDGET } : {};
    const page = await upcomingFirst<Row>(
      ({ between, descending, limit, cursor }) => {
        const options = { sort: { between }, descending, limit, cursor, ...filter };
        return open
          ? openView.query({ ...entity.where('open', {}), ...options })
          : // Completed, cancelled, paid, refunded or all (issue 30, decision 094): the bookings' collection, by date.
            entity.queryView(rowView, { ...entity.where('byDate', {}), ...options });
      },
      {
        // Upcoming first, soonest first, then the past, newest first (issue 30, decision 095).
        prefix: '',
        today: time.today(),
        from: f.startDate,
        to: f.endDate,
        limit: f.limit ?? DESK_PAGE_SIZE,
        cursor: f.cursor,
      },
    );
    return { items: await withServices(page.items), cursor: page.cursor };
  },
  callerFirst(assertAdmin),
);

/** `GET /api/bookings/{id}/history` (admin): a booking's audit trail, read when the desk opens it. */
export const history = fn(
  z.string(),
  async (bookingId): Promise<Stored['statusHistory']> => {
    assertAdmin();
    return (await findBooking(bookingId)).statusHistory;
  },
  callerFirst(assertAdmin),
);
