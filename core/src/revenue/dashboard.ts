import { assertAdmin } from '../actor';
import { KeyBatch } from '../db/key-batch';
import { RecommendedWork } from '../garage/index';
import { planFigures } from '../plan/counters';
import { Estimate } from '../workorder/index';
import { today } from '../time';
import { lastWeeks, monthLabel, monthOfDate, previousMonth } from './buckets';
import { counter, entry, type Entry, monthKey, OUTSTANDING_KEY, weekKey } from './store';

/**
 * The owner's dashboard (`GET /api/admin/revenue`, decision 071). Whatever
 * the history, it reads a fixed set of counter items in one BatchGetItem
 * (this month, last month, the last `WEEKS` weeks, OUTSTANDING: 15 keys) and
 * one bounded query (the newest `RECENT` ledger entries). Money in cents: the
 * route's reply (functions/src/api/revenue-reply.ts) gives it in dollars.
 */

export const WEEKS = 12;
export const RECENT = 10;
/** The items one dashboard reads at most: the counters and the recent entries (with the query's look-ahead). */
// + recommended work's counter and the month's estimate counter (issue 33)
// + plans' standing figures and the month's movements (issue 35, decision 132)
export const DASHBOARD_READS = 2 + WEEKS + 1 + RECENT + 1 + 1 + 1 + 2;

type Counter = Record<string, string | number>;

const num = (item: Counter | undefined, name: string): number => {
  const value = item?.[name];
  return typeof value === 'number' ? value : 0;
};

export type MonthFigures = {
  month: string;
  label: string;
  revenueCents: number;
  refundsCents: number;
  netCents: number;
  payments: number;
  refundCount: number;
  jobs: number;
  averageTicketCents: number;
  /** Tips (issue 35): received and refunded, apart from the revenue above. */
  tipsCents: number;
  tipRefundsCents: number;
};

export type Dashboard = {
  today: string;
  thisMonth: MonthFigures;
  lastMonth: MonthFigures;
  weeks: { week: string; start: string; revenueCents: number; refundsCents: number }[];
  byService: { serviceId: string | null; name: string; revenueCents: number; jobs: number }[];
  /** `tipsCents`: the month's tips net of the tips refunded in it. */
  byTechnician: { technician: number; revenueCents: number; jobs: number; tipsCents: number }[];
  outstanding: { count: number; amountCents: number };
  refunds: { count: number; amountCents: number };
  /** Recommended work outstanding (issue 33): open declined or deferred lines and their value. */
  recommendedOutstanding: { count: number; amountCents: number };
  /** This month's estimates (issue 33, decision 125): sent, answered, proposed and approved value. */
  estimates: Estimate.Figures;
  /** The newest ledger entries, newest first. */
  recent: Entry[];
  /** Service plans (issue 35, decision 132): from their counters. */
  plans: PlanFigures;
};

/**
 * Plans' figures: monthly recurring revenue (active and past-due monthly fees), the active and
 * past-due plans, and this month's churn: the plans cancelled this month over the plans standing
 * at its start (active + past due now, plus those cancelled, less those enrolled this month).
 */
export type PlanFigures = {
  mrrCents: number;
  active: number;
  pastDue: number;
  enrolled: number;
  cancelled: number;
  /** A fraction (0.05: 5%); null when no plan stood at the month's start. */
  churn: number | null;
};

export function planFiguresOf(f: Awaited<ReturnType<typeof planFigures>>): PlanFigures {
  const atStart = f.active + f.pastDue + f.cancelled - f.enrolled;
  return { ...f, churn: atStart > 0 ? Math.min(1, f.cancelled / atStart) : null };
}

function monthFigures(month: string, item: Counter | undefined): MonthFigures {
  const paid = num(item, 'paidCents');
  const refunded = num(item, 'refundCents');
  const jobs = num(item, 'jobs');
  return {
    month,
    label: monthLabel(month),
    revenueCents: paid,
    refundsCents: refunded,
    netCents: paid - refunded,
    payments: num(item, 'payments'),
    refundCount: num(item, 'refunds'),
    jobs,
    averageTicketCents: jobs > 0 ? Math.round(num(item, 'ticketCents') / jobs) : 0,
    tipsCents: num(item, 'tipCents'),
    tipRefundsCents: num(item, 'tipRefundCents'),
  };
}

/** The month item's lines by service (`svc:<key>:…`) and by technician (`tech:<n>:…`), largest first. */
export function breakdowns(item: Counter | undefined): Pick<Dashboard, 'byService' | 'byTechnician'> {
  const services = new Map<string, { name: string; cents: number; jobs: number }>();
  const technicians = new Map<number, { cents: number; jobs: number; tips: number }>();
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
    const tech = /^tech:(\d+):(cents|jobs|tips|tipRefunds)$/.exec(name);
    if (tech && typeof value === 'number') {
      const n = Number(tech[1]);
      const line = technicians.get(n) ?? { cents: 0, jobs: 0, tips: 0 };
      if (tech[2] === 'cents') line.cents = value;
      // A technician's tips are net of the tips given back (issue 35): what stays theirs.
      else if (tech[2] === 'tips') line.tips += value;
      else if (tech[2] === 'tipRefunds') line.tips -= value;
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
        revenueCents: line.cents,
        jobs: line.jobs,
      }))
      .sort((a, b) => b.revenueCents - a.revenueCents || a.name.localeCompare(b.name)),
    byTechnician: [...technicians]
      .map(([technician, line]) => ({
        technician,
        revenueCents: line.cents,
        jobs: line.jobs,
        tipsCents: line.tips,
      }))
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
  // The counters, recommended work's and the month's estimate counter (issue 33) in one BatchGetItem.
  const batch = new KeyBatch();
  const [items, recent, recommended, estimates, plans] = await Promise.all([
    counter.getMany(
      keys.map((sk) => ({ sk })),
      { batch },
    ),
    entry.query.ledger({}, { descending: true, limit: RECENT }),
    RecommendedWork.outstanding(batch),
    Estimate.figuresOf(month, batch),
    planFigures(month, batch),
  ]);
  const bySk = new Map(items.map((item) => [String(item.sk), item]));
  const thisMonth = monthFigures(month, bySk.get(monthKey(month)));
  const lastMonth = monthFigures(last, bySk.get(monthKey(last)));
  const outstanding = bySk.get(OUTSTANDING_KEY);
  return {
    today: day,
    thisMonth,
    lastMonth,
    weeks: weeks.map(({ week, start }) => {
      const item = bySk.get(weekKey(week));
      return {
        week,
        start,
        revenueCents: num(item, 'paidCents'),
        refundsCents: num(item, 'refundCents'),
      };
    }),
    ...breakdowns(bySk.get(monthKey(month))),
    outstanding: {
      count: Math.max(0, num(outstanding, 'count')),
      amountCents: Math.max(0, num(outstanding, 'cents')),
    },
    refunds: { count: thisMonth.refundCount, amountCents: thisMonth.refundsCents },
    recommendedOutstanding: { count: recommended.count, amountCents: recommended.cents },
    estimates,
    recent: recent.items,
    plans: planFiguresOf(plans),
  };
}
