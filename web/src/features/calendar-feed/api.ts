import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api';

/**
 * A technician's or the admin's calendar subscription feed (issue 36, decision 118): its address,
 * and a new one that stops the old.
 */

export const calendarFeedKeys = {
  address: (userId: string) => ['calendar-feed', userId] as const,
};

export const calendarAddressQuery = (userId: string) =>
  queryOptions({
    queryKey: calendarFeedKeys.address(userId),
    queryFn: () => unwrap(api.api.calendar.address.$get()),
  });

/** Makes a new address (the old one stops at once); the card shows the new one. */
export function useNewAddressMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.api.calendar.address.$post()),
    onSuccess: (reply) => queryClient.setQueryData(calendarFeedKeys.address(userId), reply),
  });
}
