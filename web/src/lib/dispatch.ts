import { queryOptions } from '@tanstack/react-query';
import { api, type Reply, unwrap } from './api';

/**
 * The admin's Today and dispatch board reads (issue 22, decision 081), shared
 * by Today, the board and the desk's technician picker: one key factory, so
 * a reassignment anywhere refreshes every view of the day.
 */
export const dispatchKeys = {
  all: ['admin', 'dispatch'] as const,
  today: (date: string | undefined) => [...dispatchKeys.all, 'today', date ?? 'today'] as const,
  board: (from: string, days: number) => [...dispatchKeys.all, 'board', from, days] as const,
};

export type TodayReply = Reply<typeof api.api.admin.today.$get>;
export type BoardReply = Reply<typeof api.api.admin.dispatch.$get>;
export type BoardJob = BoardReply['jobs'][number];
export type Lane = BoardReply['technicians'][number];

export const todayQueryOptions = (date?: string) =>
  queryOptions({
    queryKey: dispatchKeys.today(date),
    queryFn: () => unwrap(api.api.admin.today.$get({ query: date ? { date } : {} })),
    // The day moves while the admin watches: refreshed every minute while shown.
    refetchInterval: 60_000,
  });

export const boardQueryOptions = (from: string, days: number) =>
  queryOptions({
    queryKey: dispatchKeys.board(from, days),
    queryFn: () => unwrap(api.api.admin.dispatch.$get({ query: { from, days: String(days) } })),
    refetchInterval: 60_000,
  });

/** "Dana Reyes" for a lane, "Unassigned" for none. */
export const laneName = (lanes: readonly Lane[], technician: number | null): string => {
  if (technician === null) return 'Unassigned';
  const lane = lanes.find((l) => l.number === technician);
  return lane ? `${lane.firstName} ${lane.lastName}` : `Technician ${technician}`;
};
