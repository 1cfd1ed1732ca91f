import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api';
import { timeSlotKeys } from '../../lib/shared-queries';

/** GET /api/timeslots/system-stats (admin, with the stored token): the overview's figures (doc 1 §3). */
export async function fetchSystemStats() {
  return unwrap(api.api.timeslots['system-stats'].$get());
}

export const systemStatsQueryOptions = () =>
  queryOptions({ queryKey: timeSlotKeys.systemStats(), queryFn: fetchSystemStats, staleTime: 30_000 });
