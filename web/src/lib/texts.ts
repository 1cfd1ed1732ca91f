import { answerProblem } from '@app/core/text-reply/rules';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, path, type Reply, unwrap } from './api';
import type { FieldMessages } from './forms';

/**
 * Customers' replies by text (issue 36): a booking's thread (the job's
 * technician on /tech, the desk) and the desk's inbox, through the typed
 * client; one key factory, so an answer sent on one panel refreshes both.
 */

const texts = api.api.texts;

export type TextThread = Reply<(typeof texts.bookings)[':id']['$get']>;
export type TextMessage = TextThread['messages'][number];
export type InboxText = Reply<typeof texts.inbox.$get>[number];

export const textKeys = {
  all: ['texts'] as const,
  thread: (bookingId: string) => [...textKeys.all, 'thread', bookingId] as const,
  inbox: () => [...textKeys.all, 'inbox'] as const,
};

/** How often an open thread or the inbox is read again: a customer's text shows within this. */
export const TEXTS_REFRESH_MS = 20_000;

export const threadQuery = (bookingId: string) =>
  queryOptions({
    queryKey: textKeys.thread(bookingId),
    queryFn: () => unwrap(texts.bookings[':id'].$get({ param: path({ id: bookingId }) })),
    refetchInterval: TEXTS_REFRESH_MS,
  });

export const inboxQuery = () =>
  queryOptions({
    queryKey: textKeys.inbox(),
    queryFn: () => unwrap(texts.inbox.$get({ query: { limit: '10' } })),
    refetchInterval: TEXTS_REFRESH_MS,
  });

/** Texts the customer back from a booking's thread; the thread comes back and replaces the cached one. */
export function useAnswerMutation(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      unwrap(texts.bookings[':id'].$post({ param: path({ id: bookingId }), json: { body } })),
    onSuccess: (thread) => {
      queryClient.setQueryData(textKeys.thread(bookingId), thread);
      void queryClient.invalidateQueries({ queryKey: textKeys.inbox() });
    },
  });
}

export type AnswerFields = { body: string };

export function validateAnswer(values: AnswerFields): FieldMessages<AnswerFields> {
  return { body: answerProblem(values.body) };
}
