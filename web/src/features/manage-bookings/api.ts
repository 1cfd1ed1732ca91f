import type { BookingStatus } from '@app/core/booking/rules';
import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  type QueryClient,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { ChargeOptionsReply, ChargePreviewReply } from '@app/functions/api/bookings';
import type { AddressBody } from '../../lib/address-form';
import { api, path, unwrap } from '../../lib/api';
import { readCustomers } from './customers';
import { filterQuery, PAGE_SIZE } from './list';
import type {
  AdminBooking,
  BookingFilters,
  Customer,
  CustomBookingBody,
  DeskPage,
  NewCustomerBody,
  StatusChange,
} from './types';
import { deskKeys } from '../../lib/shared-queries';

/** The bookings desk's calls (doc 2 §7, admin bookings and users), through the typed client. */

/**
 * One page of the open bookings matching the non-empty filters (GET
 * /api/bookings/all), and the cursor of the next page from X-Next-Cursor
 * (decision 049).
 */
async function fetchBookingsPage(filters: BookingFilters, cursor: string | null, limit: number) {
  let next: string | null = null;
  const items = await unwrap(
    api.api.bookings.all
      .$get({ query: { ...filterQuery(filters), limit: String(limit), ...(cursor ? { cursor } : {}) } })
      .then((response) => {
        next = response.headers.get('X-Next-Cursor');
        return response;
      }),
  );
  return { items, cursor: next as string | null };
}

/** At most this many requests for one page of the desk (each reads at most the server's budget). */
const DESK_ROUNDS = 8;

/**
 * The desk's next PAGE_SIZE bookings from `cursor`. The server may end a
 * filtered page early (its read budget), so this asks on from where it
 * stopped until the page is full or the list ends.
 */
export async function fetchDeskPage(filters: BookingFilters, cursor: string | null): Promise<DeskPage> {
  const items: AdminBooking[] = [];
  let at = cursor;
  let asked = 0;
  do {
    const page = await fetchBookingsPage(filters, at, PAGE_SIZE - items.length);
    items.push(...page.items);
    at = page.cursor;
    asked += 1;
    // Bounded too (issue 30: a search over years of closed bookings): 'Show more' asks on from here.
  } while (at && items.length < PAGE_SIZE && asked < DESK_ROUNDS);
  return { items, cursor: at };
}

/** A booking's audit trail (GET /api/bookings/{id}/history), read when its card opens it. */
export const fetchHistory = (id: string): Promise<StatusChange[]> =>
  unwrap(api.api.bookings[':id'].history.$get({ param: path({ id }) }));

/**
 * A status change; completing may say which amount to charge (decision 068), and why the admin
 * completes before the completion rule allows (`overrideReason`, decision 090).
 */
export const setBookingStatus = (
  id: string,
  status: BookingStatus,
  charge?: 'booking' | 'workOrder',
  overrideReason?: string,
): Promise<AdminBooking> =>
  unwrap(
    api.api.bookings[':id'].status.$patch({
      param: path({ id }),
      json: { status, ...(charge ? { charge } : {}), ...(overrideReason ? { overrideReason } : {}) },
    }),
  );

/** GET /api/bookings/{id}/charge-preview: what completing charges now and to which card (issue 30). */
export const fetchChargePreview = (
  id: string,
  charge?: 'booking' | 'workOrder',
): Promise<ChargePreviewReply> =>
  unwrap(
    api.api.bookings[':id']['charge-preview'].$get({ param: path({ id }), query: charge ? { charge } : {} }),
  );

/** GET /api/bookings/{id}/charge-options: the booked price and the related work order's total (decision 068). */
export const fetchChargeOptions = (id: string): Promise<ChargeOptionsReply> =>
  unwrap(api.api.bookings[':id']['charge-options'].$get({ param: path({ id }) }));

/** POST /api/workOrders/{id}/generate-acknowledgment: mails the customer the work order to acknowledge. */
export const requestAcknowledgment = (workOrderId: string): Promise<{ message: string }> =>
  unwrap(api.api.workOrders[':id']['generate-acknowledgment'].$post({ param: path({ id: workOrderId }) }));

/** POST /api/bookings/{id}/retry-charge (decision 069): a new attempt at a declined charge. */
export const retryBookingCharge = (id: string): Promise<AdminBooking> =>
  unwrap(api.api.bookings[':id']['retry-charge'].$post({ param: path({ id }) }));

/** A refund on the wire: the amount and the tip back (its own line, decision 130), in dollars, and why. */
export type RefundBody = { amount: number; tip?: number; reason: string };

/** POST /api/bookings/{id}/refunds (decision 069): all or part of the payment back, with a reason. */
export const refundBooking = (
  id: string,
  body: RefundBody,
): Promise<{ msg: string; booking: AdminBooking }> =>
  unwrap(api.api.bookings[':id'].refunds.$post({ param: path({ id }), json: body }));

export const setBookingProgress = (id: string, serviceStatus: string): Promise<AdminBooking> =>
  unwrap(api.api.bookings[':id'].status.$patch({ param: path({ id }), json: { serviceStatus } }));

/** POST /api/bookings/{id}/progress (issue 21): records "On my way" (mailing the ETA), "Arrived" or "Started". */
export const recordVisitStep = (
  id: string,
  step: 'on-my-way' | 'arrived' | 'started',
  /** "On my way" outside daytime hours, after the admin said yes (decision 097). */
  confirmOutsideHours = false,
): Promise<AdminBooking> =>
  unwrap(
    api.api.bookings[':id'].progress.$post({
      param: path({ id }),
      json: { step, ...(confirmOutsideHours ? { confirmOutsideHours } : {}) },
    }),
  );

/** POST /api/bookings/{id}/payment-link (decision 070): `{ msg, booking }`. */
export const sendBookingPaymentLink = (id: string): Promise<{ msg: string; booking: AdminBooking }> =>
  unwrap(api.api.bookings[':id']['payment-link'].$post({ param: path({ id }) }));

/** Moves a Pending booking to another address (issue 20); 409 `{ msg }` when the technician's day no longer fits. */
export const changeBookingAddress = (id: string, serviceAddress: AddressBody): Promise<AdminBooking> =>
  unwrap(api.api.bookings[':id'].address.$patch({ param: path({ id }), json: { serviceAddress } }));

export const createCustomBooking = (body: CustomBookingBody): Promise<AdminBooking> =>
  unwrap(api.api.bookings['admin-create'].$post({ json: body }));

/** The customer picker's page size: 'Show more customers' asks for the next. */
export const CUSTOMER_PAGE = 20;

/** One request for customers: the search for a query, the list without; the cursor from X-Next-Cursor. */
async function fetchCustomersOnce(query: string, params: { limit: string; cursor?: string }) {
  let next: string | null = null;
  const keepCursor = <R extends Response>(response: R) => {
    next = response.headers.get('X-Next-Cursor');
    return response;
  };
  const reply: unknown = query
    ? await unwrap(api.api.admin.users.search.$get({ query: { query, ...params } }).then(keepCursor))
    : await unwrap(api.api.admin.users.$get({ query: params }).then(keepCursor));
  return { items: readCustomers(reply), cursor: next as string | null };
}

/**
 * The next CUSTOMER_PAGE customers from `cursor` (admins left out); `query`
 * (trimmed, non-empty) searches them (prefix of a name, email or phone,
 * decision 061). The server may end a page short with a cursor (its read
 * budget), so this asks on from there, up to four requests, until the page
 * is full or the list ends. Each reply is checked for its shape (a list, or
 * `{ users }`) whatever the types say.
 */
export async function fetchCustomersPage(query: string, cursor: string | null) {
  const items: Customer[] = [];
  let at = cursor;
  for (let asked = 0; asked < 4; asked += 1) {
    const page = await fetchCustomersOnce(query, {
      limit: String(CUSTOMER_PAGE - items.length),
      ...(at ? { cursor: at } : {}),
    });
    items.push(...page.items);
    at = page.cursor;
    if (!at || items.length >= CUSTOMER_PAGE) break;
  }
  return { items, cursor: at };
}

export const createCustomer = (body: NewCustomerBody): Promise<{ msg: string; user: Customer }> =>
  unwrap(api.api.admin['create-customer'].$post({ json: body }));

export const assignCustomer = (
  bookingId: string,
  customer: Pick<Customer, '_id' | 'email'>,
): Promise<{ msg: string; booking: AdminBooking }> =>
  unwrap(
    api.api.bookings[':id']['assign-customer'].$patch({
      param: path({ id: bookingId }),
      json: { customerId: customer._id, customerEmail: customer.email },
    }),
  );

export const fetchMakes = (): Promise<string[]> => unwrap(api.api.vehicleData.makes.$get());
export const fetchModels = (make: string): Promise<string[]> =>
  unwrap(api.api.vehicleData.models[':make'].$get({ param: path({ make }) }));

/** Every cached booking list of the desk. */
export const deskBookingsKey = deskKeys.bookings;

/** The desk's list, a page at a time: 'Show 5 More' follows the cursor. */
export const bookingsQueryOptions = (filters: BookingFilters) =>
  infiniteQueryOptions({
    queryKey: [...deskBookingsKey, filterQuery(filters)],
    queryFn: ({ pageParam }) => fetchDeskPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    // A failed search shows its text at once rather than after retries.
    retry: false,
  });

/** A booking's audit trail; its own key, so a status change refreshes it without reloading the list. */
export const historyQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['admin', 'booking-history', id], queryFn: () => fetchHistory(id), retry: false });

/** The customer picker's list or search, a page at a time (X-Next-Cursor). */
export const customersQueryOptions = (query: string) =>
  infiniteQueryOptions({
    queryKey: deskKeys.customers(query),
    queryFn: ({ pageParam }) => fetchCustomersPage(query, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    retry: false,
    // While the next search runs, the previous results stay in view.
    placeholderData: keepPreviousData,
  });

export const makesQueryOptions = () =>
  queryOptions({
    queryKey: ['vehicleData', 'makes'],
    queryFn: fetchMakes,
    staleTime: Infinity,
    retry: false,
  });

export const modelsQueryOptions = (make: string) =>
  queryOptions({
    queryKey: ['vehicleData', 'models', make],
    queryFn: () => fetchModels(make),
    staleTime: Infinity,
    retry: false,
    enabled: make !== '',
  });

/** Puts a booking the server replied with into every cached list, in place, and refreshes its history. */
export function applyBooking(queryClient: QueryClient, booking: AdminBooking): void {
  queryClient.setQueriesData<InfiniteData<DeskPage, string | null>>({ queryKey: deskBookingsKey }, (list) =>
    list
      ? {
          ...list,
          pages: list.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (item._id === booking._id ? booking : item)),
          })),
        }
      : list,
  );
  void queryClient.invalidateQueries({ queryKey: historyQueryOptions(booking._id).queryKey });
}

/** Charges a declined completion again; the desk shows the booking the server replied with. */
export function useRetryChargeMutation(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retryBookingCharge(bookingId),
    onSuccess: (updated) => applyBooking(queryClient, updated),
  });
}

/** Refunds part or all of a completed booking's charge; the desk shows the booking the server replied with. */
export function useRefundMutation(bookingId: string, onSuccess: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundBody) => refundBooking(bookingId, body),
    onSuccess: (reply) => {
      applyBooking(queryClient, reply.booking);
      onSuccess();
    },
  });
}

/**
 * A status change from the desk's card. Completing an unpaid booking first asks what it would
 * charge and to which card (decision 068, issue 30): `onDone` gets those options, or the booking
 * the server replied with (already in the lists).
 */
export function useStatusMutation(
  booking: AdminBooking,
  onDone: (result: AdminBooking | ChargeOptionsReply) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (next: {
      status: BookingStatus;
      charge?: 'booking' | 'workOrder';
      overrideReason?: string;
      ask?: boolean;
    }) => {
      if (next.ask && next.status === 'Completed' && booking.payment?.status !== 'paid') {
        return fetchChargeOptions(booking._id);
      }
      return setBookingStatus(booking._id, next.status, next.charge, next.overrideReason);
    },
    onSuccess: (result) => {
      if (!('amounts' in result)) applyBooking(queryClient, result);
      onDone(result);
    },
  });
}
