import { queryOptions } from '@tanstack/react-query';
import { api, type Reply, unwrap } from '../../lib/api';
import { downloadFile } from '../../lib/download';

/** The revenue section's calls (issue 23, decision 071), admin only, through the typed client. */
const revenue = api.api.admin.revenue;

export type RevenueReply = Reply<typeof revenue.$get>;

export const revenueKey = ['admin', 'revenue'] as const;

/**
 * The technicians table is shown when the crew has more than one line this month, or the month had
 * tips (issue 35): a tip given back leaves its technician's line at $0.00 net, still shown.
 */
export const showsTechnicians = (data: Pick<RevenueReply, 'byTechnician' | 'thisMonth'>): boolean =>
  data.byTechnician.length > 1 || data.thisMonth.tips > 0;

export const revenueQueryOptions = () =>
  queryOptions({ queryKey: revenueKey, queryFn: () => unwrap(revenue.$get()) });

/** Downloads the CSV of payments and refunds from `from` to `to` (business dates); answers the file's name. */
export const downloadRevenueCsv = (from: string, to: string) =>
  downloadFile(revenue['export.csv'].$get({ query: { from, to } }), `revenue-${from}-to-${to}.csv`);
