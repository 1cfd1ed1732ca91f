import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, path, type Reply, unwrap } from '../../lib/api';
import { followCursor, pageQuery, unwrapPage } from '../../lib/next-page';

/** Recommended work's calls (issue 33, decision 126), through the typed client. */
const desk = api.api.admin.recommendations;

export type DeskLine = Reply<typeof desk.$get>[number];
export type VehicleLine = Reply<(typeof api.api.recommendations.vehicle)[':vehicleId']['$get']>[number];

export const recommendedKeys = {
  all: ['recommended-work'] as const,
  desk: () => [...recommendedKeys.all, 'desk'] as const,
  vehicle: (vehicleId: string) => [...recommendedKeys.all, 'vehicle', vehicleId] as const,
};

/** The desk's page size. */
export const DESK_PAGE = 25;

export const deskQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: recommendedKeys.desk(),
    queryFn: ({ pageParam }) => unwrapPage(desk.$get({ query: pageQuery(DESK_PAGE, pageParam) })),
    ...followCursor,
  });

/** A vehicle's open recommended work (its customer, or the staff). */
export const vehicleLinesQueryOptions = (vehicleId: string) =>
  queryOptions({
    queryKey: recommendedKeys.vehicle(vehicleId),
    queryFn: () => unwrap(api.api.recommendations.vehicle[':vehicleId'].$get({ param: path({ vehicleId }) })),
  });

type Ref = { vehicleId: string; id: string };

/** Dismiss or "Book it" on a desk line; the desk's list is read again afterwards. */
export function useDeskAction(action: 'dismiss' | 'book') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ref: Ref) => unwrap(desk[':vehicleId'][':id'][action].$post({ param: path(ref) })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: recommendedKeys.all }),
  });
}
