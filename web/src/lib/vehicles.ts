import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, path, type Reply, unwrap } from './api';

/**
 * A customer's garage (issue 34): Account Settings, the booking's vehicle step and the history
 * pages read it through these options and keys only (decision 054).
 */
export type GarageVehicle = Reply<typeof api.api.users.me.vehicles.$get>[number];
export type VehicleBody = InferRequestType<typeof api.api.users.me.vehicles.$post>['json'];
export type DecodedVin = Reply<(typeof api.api.vehicles.decode)[':vin']['$get']>;
export type VehicleHistoryPage = Reply<(typeof api.api.users.me.vehicles)[':id']['history']['$get']>;
export type HistoryEntry = VehicleHistoryPage['entries'][number];

export const vehicleKeys = {
  all: ['vehicles'] as const,
  mine: (userId: string) => [...vehicleKeys.all, 'mine', userId] as const,
  history: (scope: 'mine' | 'job' | 'desk', id: string) =>
    [...vehicleKeys.all, 'history', scope, id] as const,
};

export const myVehiclesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: vehicleKeys.mine(userId),
    queryFn: (): Promise<GarageVehicle[]> => unwrap(api.api.users.me.vehicles.$get()),
    staleTime: 30_000,
  });

/** Adds a vehicle (201) or replaces one (200); replies with it. */
export const saveVehicle = ({ id, ...body }: VehicleBody & { id?: string }): Promise<GarageVehicle> =>
  id
    ? unwrap(api.api.users.me.vehicles[':id'].$put({ param: path({ id }), json: body }))
    : unwrap(api.api.users.me.vehicles.$post({ json: body }));

export const deleteVehicle = (id: string): Promise<{ msg: string }> =>
  unwrap(api.api.users.me.vehicles[':id'].$delete({ param: path({ id }) }));

/** vPIC's make, model, year, body class and the suggested class of a VIN (404: no data). */
export const decodeVin = (vin: string): Promise<DecodedVin> =>
  unwrap(api.api.vehicles.decode[':vin'].$get({ param: path({ vin }) }));

/** After any change: every list of vehicles and every history. */
export const refreshAfterVehicleChange = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: vehicleKeys.all });

type HistoryFetch = (cursor: string | undefined) => Promise<VehicleHistoryPage>;

const historyOptions = (key: readonly unknown[], fetchPage: HistoryFetch) =>
  infiniteQueryOptions({
    queryKey: key,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });

/** The customer's own vehicle's history, newest first, a page at a time. */
export const myVehicleHistoryOptions = (id: string) =>
  historyOptions(vehicleKeys.history('mine', id), (cursor) =>
    unwrap(
      api.api.users.me.vehicles[':id'].history.$get({
        param: path({ id }),
        query: cursor ? { cursor } : {},
      }),
    ),
  );

/** The history of a job's vehicle, for its technician before the visit (/tech). */
export const jobVehicleHistoryOptions = (bookingId: string) =>
  historyOptions(vehicleKeys.history('job', bookingId), (cursor) =>
    unwrap(
      api.api.tech.jobs[':id'].history.$get({
        param: path({ id: bookingId }),
        query: cursor ? { cursor } : {},
      }),
    ),
  );
