import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Reply, unwrap } from '../../lib/api';

/**
 * A technician's own calendar address (issue 36, decision 119), through
 * `/api/tech/busy-calendar`: the technician's own, or the one an admin names
 * (`technician`). One key per technician; saving or removing refreshes it.
 */
export const busyCalendarKeys = {
  all: ['busy-calendar'] as const,
  of: (technician: number | undefined) => [...busyCalendarKeys.all, technician ?? 'me'] as const,
};

export type BusyCalendarReply = Reply<(typeof api.api.tech)['busy-calendar']['$get']>;

const whose = (technician: number | undefined) =>
  technician === undefined ? {} : { technician: String(technician) };

export const busyCalendarQueryOptions = (technician: number | undefined) =>
  queryOptions({
    queryKey: busyCalendarKeys.of(technician),
    queryFn: () => unwrap(api.api.tech['busy-calendar'].$get({ query: whose(technician) })),
  });

/** Saves an address (a string) or removes it (null). */
export function useSaveBusyCalendarMutation(technician: number | undefined, onSuccess: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (address: string | null) =>
      address === null
        ? unwrap(api.api.tech['busy-calendar'].$delete({ query: whose(technician) }))
        : unwrap(api.api.tech['busy-calendar'].$put({ query: whose(technician), json: { address } })),
    onSuccess: (reply) => {
      client.setQueryData(busyCalendarKeys.of(technician), reply);
      onSuccess();
    },
  });
}
