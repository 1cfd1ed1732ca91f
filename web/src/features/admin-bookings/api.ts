import type { BookingStatus } from '@app/core/booking/rules';
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, path, unwrap } from '../../lib/api';
import { readCustomers } from './customers';
import { filterQuery } from './list';
import type { AdminBooking, BookingFilters, Customer, CustomBookingBody, NewCustomerBody } from './types';

/** The bookings desk's calls (doc 2 §7, admin bookings and users), through the typed client. */

/** Every booking matching the non-empty filters (GET /api/bookings/all). */
export const fetchBookings = (filters: BookingFilters): Promise<AdminBooking[]> =>
  unwrap(api.api.bookings.all.$get({ query: filterQuery(filters) }));

export const setBookingStatus = (id: string, status: BookingStatus): Promise<AdminBooking> =>
  unwrap(api.api.bookings[':id'].status.$patch({ param: path({ id }), json: { status } }));

export const setBookingProgress = (id: string, serviceStatus: string): Promise<AdminBooking> =>
  unwrap(api.api.bookings[':id'].status.$patch({ param: path({ id }), json: { serviceStatus } }));

export const createCustomBooking = (body: CustomBookingBody): Promise<AdminBooking> =>
  unwrap(api.api.bookings['admin-create'].$post({ json: body }));

/**
 * The customers, admins left out; `query` (trimmed, non-empty) searches them.
 * The reply is checked for its shape (a list, or `{ users }`) whatever the types say.
 */
export async function fetchCustomers(query: string): Promise<Customer[]> {
  const reply: unknown = query
    ? await unwrap(api.api.admin.users.search.$get({ query: { query } }))
    : await unwrap(api.api.admin.users.$get({ query: {} }));
  return readCustomers(reply);
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
export const deskBookingsKey = ['admin', 'bookings'] as const;

export const bookingsQueryOptions = (filters: BookingFilters) =>
  queryOptions({
    queryKey: [...deskBookingsKey, filterQuery(filters)],
    queryFn: () => fetchBookings(filters),
    // A failed search shows its text at once rather than after retries.
    retry: false,
  });

export const customersQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['admin', 'customers', query],
    queryFn: () => fetchCustomers(query),
    retry: false,
    // While the next search runs, the previous results stay in view.
    placeholderData: keepPreviousData,
  });

/** The services the custom booking form and the search offer: the one shared service list. */
export { servicesQueryOptions } from '../../lib/shared-queries';

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

/** Puts a booking the server replied with into every cached list, in place. */
export function applyBooking(queryClient: QueryClient, booking: AdminBooking): void {
  queryClient.setQueriesData<AdminBooking[]>({ queryKey: deskBookingsKey }, (list) =>
    list?.map((item) => (item._id === booking._id ? booking : item)),
  );
}
