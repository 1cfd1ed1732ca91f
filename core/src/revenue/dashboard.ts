import { assertAdmin } from '../actor';
import { toDollars } from '../money';
import { today } from '../time';
import { lastWeeks, monthLabel, monthOfDate, previousMonth } from './buckets';
import { counter, entry, type Entry, monthKey, OUTSTANDING_KEY, weekKey } from './store';

/**
 * The owner's dashboard (`GET /api/admin/revenue`, decision 071). Whatever
 * the history, it reads a fixed set of counter items in one BatchGetItem
 * (this month, last month, the last `WEEKS` weeks, OUTSTANDING: 15 keys) and
 * one bounded query (the newest `RECENT` ledger entries). Money in dollars.
 */

export const WEEKS = 12;
export const RECENT = 10;
/** The items one dashboard reads at most: the counters and the recent entries (with the query's look-ahead). */
export const DASHBOARD_READS = 2 + WEEKS + 1 + RECENT + 1;

type Counter = Record<string, string | number>;

const num = (item: Counter | undefined, name: string): number => {
  const value = item?.[name];
  return typeof value === 'number' ? value : 0;
};

export type MonthFigures = {
  month: string;
  label: string;
  revenue: number;
  refunds: number;
  net: number;
  payments: number;
  refundCount: number;
  jobs: number;
  averageTicket: number;
};

export type Dashboard = {
  today: string;
  thisMonth: MonthFigures;
  lastMonth: MonthFigures;
  /** This month's revenue against last month's, in percent (null when last month had none). */
  changePercent: number | null;
  weeks: { week: string; start: string; revenue: number; refunds: number }[];
  byService: { serviceId: string | null; name: string; revenue: number; jobs: number }[];
  byTechnician: { technician: number; revenue: number; jobs: number }[];
  outstanding: { count: number; amount: number };
  refunds: { count: number; amount: number };
  recent: EntryReply[];
};

export type EntryReply = {
  _id: string;
  kind: 'payment' | 'refund';
  date: string;
  at: string;
  amount: number;
  serviceName: string;
  customerName: string | null;
  bookingId: string | null;
  workOrderId: string | null;
  reason: string | null;
};

export const entryReply = (e: Entry): EntryReply => ({
  _id: e.id,
  kind: e.kind,
  date: e.date,
  at: e.at,
  amount: toDollars(e.amountCents),
  serviceName: e.serviceName,
  customerName: e.customerName ?? null,
  bookingId: e.bookingId ?? null,
  workOrderId: e.workOrderId ?? null,
  reason: e.reason ?? null,
});

function monthFigures(month: string, item: Counter | undefined): MonthFigures {
  const paid = num(item, 'paidCents');
  const refunded = num(item, 'refundCents');
  const jobs = num(item, 'jobs');
  return {
    month,
    label: monthLabel(month),
    revenue: toDollars(paid),
    refunds: toDollars(refunded),
    net: toDollars(paid - refunded),
    payments: num(item, 'payments'),
    refundCount: num(item, 'refunds'),
    jobs,
    averageTicket: jobs > 0 ? toDollars(Math.round(num(item, 'ticketCents') / jobs)) : 0,
  };
}

/** The month item's lines by service (`svc:<key>:…`) and by technician (`tech:<n>:…`), largest first. */
export function breakdowns(item: Counter | undefined): Pick<Dashboard, 'byService' | 'byTechnician'> {
  const services = new Map<string, { name: string; cents: number; jobs: number }>();
  const technicians = new Map<number, { cents: number; jobs: number }>();
  for (const [name, value] of Object.entries(item ?? {})) {
    const service = /^svc:(.+):(cents|jobs|name)$/.exec(name);
    if (service) {
      const key = service[1] as string;
      const line = services.get(key) ?? { name: '', cents: 0, jobs: 0 };
      if (service[2] === 'name' && typeof value === 'string') line.name = value;
      if (service[2] === 'cents' && typeof value === 'number') line.cents = value;
      if (service[2] === 'jobs' && typeof value === 'number') line.jobs = value;
      services.set(key, line);
      continue;
    }
    const tech = /^tech:(\d+):(cents|jobs)$/.exec(name);
    if (tech && typeof value === 'number') {
      const n = Number(tech[1]);
      const line = technicians.get(n) ?? { cents: 0, jobs: 0 };
      if (tech[2] === 'cents') line.cents = value;
      else line.jobs = value;
      technicians.set(n, line);
    }
  }
  return {
    byService: [...services]
      .filter(([, line]) => line.jobs > 0 || line.cents > 0)
      .map(([key, line]) => ({
        serviceId: key === 'other' ? null : key,
        name: line.name,
        revenue: toDollars(line.cents),
        jobs: line.jobs,
      }))
      .sort((a, b) => b.revenue - a.revenue || a.name.localeCompare(b.name)),
    byTechnician: [...technicians]
      .map(([technician, line]) => ({ technician, revenue: toDollars(line.cents), jobs: line.jobs }))
      .sort((a, b) => a.technician - b.technician),
  };
}

/** Admin: the dashboard's figures on `now`'s business day. */
export async function dashboard(now: Date = new Date()): Promise<Dashboard> {
  assertAdmin();
  const day = today(now);
  const month = monthOfDate(day);
  const last = previousMonth(month);
  const weeks = lastWeeks(day, WEEKS);
  const keys = [monthKey(month), monthKey(last), ...weeks.map((w) => weekKey(w.week)), OUTSTANDING_KEY];
  const [items, recent] = await Promise.all([
    counter.getMany(keys.map((sk) => ({ sk }))),
    entry.query.ledger({}, { descending: true, limit: RECENT }),
  ]);
  const bySk = new Map(items.map((item) => [String(item.sk), item]));
  const thisMonth = monthFigures(month, bySk.get(monthKey(month)));
  const lastMonth = monthFigures(last, bySk.get(monthKey(last)));
  const outstanding = bySk.get(OUTSTANDING_KEY);
  return {
    today: day,
    thisMonth,
    lastMonth,
    changePercent:
      lastMonth.revenue > 0
        ? Math.round(((thisMonth.revenue - lastMonth.revenue) / lastMonth.revenue) * 1000) / 10
        : null,
    weeks: weeks.map(({ week, start }) => {
      const item = bySk.get(weekKey(week));
      return {
        week,
        start,
        revenue: toDollars(num(item, 'paidCents')),
        refunds: toDollars(num(item, 'refundCents')),
      };
    }),
    ...breakdowns(bySk.get(monthKey(month))),
    outstanding: {
      count: Math.max(0, num(outstanding, 'count')),
      amount: toDollars(Math.max(0, num(outstanding, 'cents'))),
    },
    refunds: { count: thisMonth.refundCount, amount: thisMonth.refunds },
    recent: recent.items.map(entryReply),
  };
}
