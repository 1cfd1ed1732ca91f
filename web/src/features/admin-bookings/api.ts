import type { BookingStatus } from '@app/core/booking/rules';
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { authHeaders } from '../../lib/token';
import { readCustomers } from './customers';
import { filterQuery } from './list';
import type {
  AdminBooking,
  BookingFilters,
  Customer,
  CustomBookingBody,
  NewCustomerBody,
  ServiceChoice,
} from './types';

/**
 * The bookings desk's calls (doc 2 §7, admin bookings and users). Every error
 * becomes an ApiError carrying the server's msg, as lib/api's unwrap does.
 */
async function call<T>(
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  { query, json }: { query?: Record<string, string>; json?: unknown } = {},
): Promise<T> {
  const search = query && Object.keys(query).length > 0 ? `?${new URLSearchParams(query).toString()}` : '';
  let response: Response;
  try {
    response = await fetch(`${path}${search}`, {
      method,
      headers: { ...authHeaders(), ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch {
    throw new ApiError('Could not reach the server. Please check your connection.', 0);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const msg =
      body && typeof body === 'object' && 'msg' in body && typeof body.msg === 'string'
        ? body.msg
        : undefined;
    throw new ApiError(msg ?? `Request failed (${response.status}).`, response.status, msg);
  }
  return (await response.json()) as T;
}

const path = (id: string) => encodeURIComponent(id);

/** Every booking matching the non-empty filters (GET /api/bookings/all). */
export const fetchBookings = (filters: BookingFilters): Promise<AdminBooking[]> =>
  call('GET', '/api/bookings/all', { query: filterQuery(filters) });

export const setBookingStatus = (id: string, status: BookingStatus): Promise<AdminBooking> =>
  call('PATCH', `/api/bookings/${path(id)}/status`, { json: { status } });

export const setBookingProgress = (id: string, serviceStatus: string): Promise<AdminBooking> =>
  call('PATCH', `/api/bookings/${path(id)}/status`, { json: { serviceStatus } });

export const createCustomBooking = (body: CustomBookingBody): Promise<AdminBooking> =>
  call('POST', '/api/bookings/admin-create', { json: body });

/** The customers, admins left out; `query` (trimmed, non-empty) searches them. */
export async function fetchCustomers(query: string): Promise<Customer[]> {
  const reply = query
    ? await call<unknown>('GET', '/api/admin/users/search', { query: { query } })
    : await call<unknown>('GET', '/api/admin/users');
  return readCustomers(reply);
}

export const createCustomer = (body: NewCustomerBody): Promise<{ msg: string; user: Customer }> =>
  call('POST', '/api/admin/create-customer', { json: body });

export const assignCustomer = (
  bookingId: string,
  customer: Pick<Customer, '_id' | 'email'>,
): Promise<{ msg: string; booking: AdminBooking }> =>
  call('PATCH', `/api/bookings/${path(bookingId)}/assign-customer`, {
    json: { customerId: customer._id, customerEmail: customer.email },
  });

export const fetchServices = (): Promise<ServiceChoice[]> => call('GET', '/api/services');
export const fetchMakes = (): Promise<string[]> => call('GET', '/api/vehicleData/makes');
export const fetchModels = (make: string): Promise<string[]> =>
  call('GET', `/api/vehicleData/models/${path(make)}`);

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

export const servicesQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'services'], queryFn: fetchServices, staleTime: 60_000 });

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
