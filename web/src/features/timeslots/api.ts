import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { authHeaders } from '../../lib/token';

/** GET /api/timeslots/system-stats (admin): the time-slot overview's figures (doc 1 §3). */
export type SystemStats = {
  totalSlots: number;
  availableSlots: number;
  bookedSlots: number;
  servicesWithSlots: number;
};

/* TEMPORARY: fetch until the time-slot routes are in the Hono app's type; then the typed client. */
export async function fetchSystemStats(): Promise<SystemStats> {
  const response = await fetch('/api/timeslots/system-stats', { headers: authHeaders() });
  if (!response.ok) throw new ApiError(`Request failed (${response.status}).`, response.status);
  return (await response.json()) as SystemStats;
}

export const systemStatsQueryOptions = () =>
  queryOptions({ queryKey: ['timeslots', 'system-stats'], queryFn: fetchSystemStats, staleTime: 30_000 });
