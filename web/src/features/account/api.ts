import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, type Reply, unwrap } from '../../lib/api';

export type PasswordChange = InferRequestType<(typeof api.api.users)['change-password']['$post']>['json'];

/** Replies { msg, token }: the server ends every other session and gives this one a new token. */
export const changePassword = (body: PasswordChange) =>
  unwrap(api.api.users['change-password'].$post({ json: body }));

/** A customer's texts consent and the channel per kind of notice (issue 21). */
export type NotificationSettings = Reply<typeof api.api.users.me.notifications.$get>;
export type NotificationChange = InferRequestType<typeof api.api.users.me.notifications.$put>['json'];

export const notificationKeys = {
  mine: (userId: string) => ['notifications', 'mine', userId] as const,
};

export const notificationsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: notificationKeys.mine(userId),
    queryFn: (): Promise<NotificationSettings> => unwrap(api.api.users.me.notifications.$get()),
  });

export const changeNotifications = (body: NotificationChange): Promise<NotificationSettings> =>
  unwrap(api.api.users.me.notifications.$put({ json: body }));

/** Saves the texts consent or the channels; the reply is the account's settings, put in the cache as they are. */
export function useChangeNotificationsMutation(
  userId: string,
  callbacks: { onSuccess: (body: NotificationChange) => void; onError: (error: unknown) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeNotifications,
    onSuccess: (reply, body) => {
      queryClient.setQueryData(notificationKeys.mine(userId), reply);
      callbacks.onSuccess(body);
    },
    onError: callbacks.onError,
  });
}
