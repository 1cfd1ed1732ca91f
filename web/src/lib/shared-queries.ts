import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api, path, type Reply, unwrap } from './api';

/**
 * The cache keys of the resources several features read (decision 054): each
 * comes from one factory here, so a write in one panel refreshes every panel
 * that shows the resource. Every key of a resource starts with its `all`, and
 * invalidating `all` refreshes them all.
 */
export const serviceKeys = {
  all: ['services'] as const,
  list: () => [...serviceKeys.all, 'list'] as const,
  detail: (serviceId: string) => [...serviceKeys.all, 'detail', serviceId] as const,
};

/** A service's free times on a date: the booking pages read them, bookings and slot edits change them. */
export const availabilityKeys = {
  all: ['availability'] as const,
  forDate: (serviceId: string, date: string) => [...availabilityKeys.all, serviceId, date] as const,
  /** The times for one place (issue 20: a saved address's id, or a visitor's ZIP); none: from the shop's base. */
  forPlace: (serviceId: string, date: string, place: Record<string, string> = {}) =>
    [...availabilityKeys.forDate(serviceId, date), place] as const,
};

/** A customer's bookings (Service History) and the previews read beside them; a move or a review refreshes `all`. */
export const bookingKeys = {
  all: ['bookings'] as const,
  mine: (userId: string) => [...bookingKeys.all, 'mine', userId] as const,
  cancelPreview: (bookingId: string) => [...bookingKeys.all, bookingId, 'cancel-preview'] as const,
  chargePreview: (bookingId: string, charge: string | null) =>
    [...bookingKeys.all, 'charge-preview', bookingId, charge] as const,
};

/** The desk's lists (manage-bookings) that a reassignment on the dispatch board changes too. */
export const deskKeys = {
  bookings: ['admin', 'bookings'] as const,
  customers: (query?: string) =>
    query === undefined ? (['admin', 'customers'] as const) : (['admin', 'customers', query] as const),
};

/** Time slots: the slot manager's lists and figures, the service manager's per-service figures, the home overview. */
export const timeSlotKeys = {
  all: ['timeslots'] as const,
  list: (filters: Record<string, string>) => [...timeSlotKeys.all, 'list', filters] as const,
  statistics: () => [...timeSlotKeys.all, 'statistics'] as const,
  systemStats: () => [...timeSlotKeys.all, 'system-stats'] as const,
  ofService: (serviceId: string) => [...timeSlotKeys.all, 'stats', serviceId] as const,
};

/** A service as GET /api/services and /api/services/{id} return it (price in dollars). */
export type ServiceInfo = Reply<typeof api.api.services.$get>[number];

/** GET /api/services: the home page, the booking pages and every admin panel read this one query. */
export const servicesQueryOptions = () =>
  queryOptions({
    queryKey: serviceKeys.list(),
    queryFn: (): Promise<ServiceInfo[]> => unwrap(api.api.services.$get()),
    staleTime: 60_000,
  });

export const serviceQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: serviceKeys.detail(serviceId),
    queryFn: (): Promise<ServiceInfo> =>
      unwrap(api.api.services[':id'].$get({ param: path({ id: serviceId }) })),
    staleTime: 60_000,
  });

/**
 * After a service changed (created, edited, deleted, or its slots made): every
 * service query, every slot figure and every availability is asked for again.
 */
export const refreshAfterServiceChange = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
    queryClient.invalidateQueries({ queryKey: timeSlotKeys.all }),
    queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
  ]);

/** After time slots changed: the slot queries and every availability. */
export const refreshAfterSlotChange = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: timeSlotKeys.all }),
    queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
  ]);
