import { toDollars } from '@app/core/money';
import type { Revenue } from '@app/core/revenue/index';

/**
 * The dashboard's reply (`GET /api/admin/revenue`): core's figures are in
 * cents; the wire has carried dollars since decision 071.
 */

const month = (m: Revenue.MonthFigures) => ({
  month: m.month,
  label: m.label,
  revenue: toDollars(m.revenueCents),
  refunds: toDollars(m.refundsCents),
  tips: toDollars(m.tipsCents),
  tipRefunds: toDollars(m.tipRefundsCents),
  net: toDollars(m.netCents),
  payments: m.payments,
  refundCount: m.refundCount,
  jobs: m.jobs,
  averageTicket: toDollars(m.averageTicketCents),
});

export const entryReply = (e: Revenue.Entry) => ({
  _id: e.id,
  kind: e.kind,
  date: e.date,
  at: e.at,
  amount: toDollars(e.amountCents),
  tip: toDollars(e.tipCents ?? 0),
  technician: e.technician ?? null,
  serviceName: e.serviceName,
  customerName: e.customerName ?? null,
  bookingId: e.bookingId ?? null,
  workOrderId: e.workOrderId ?? null,
  reason: e.reason ?? null,
});

export function dashboardReply(d: Revenue.Dashboard) {
  const thisMonth = month(d.thisMonth);
  const lastMonth = month(d.lastMonth);
  return {
    today: d.today,
    thisMonth,
    lastMonth,
    /** This month's revenue against last month's, in percent (null when last month had none). */
    changePercent:
      lastMonth.revenue > 0
        ? Math.round(((thisMonth.revenue - lastMonth.revenue) / lastMonth.revenue) * 1000) / 10
        : null,
    weeks: d.weeks.map((w) => ({
      week: w.week,
      start: w.start,
      revenue: toDollars(w.revenueCents),
      refunds: toDollars(w.refundsCents),
    })),
    byService: d.byService.map((s) => ({
      serviceId: s.serviceId,
      name: s.name,
      revenue: toDollars(s.revenueCents),
      jobs: s.jobs,
    })),
    byTechnician: d.byTechnician.map((t) => ({
      technician: t.technician,
      revenue: toDollars(t.revenueCents),
      jobs: t.jobs,
      tips: toDollars(t.tipsCents),
    })),
    outstanding: { count: d.outstanding.count, amount: toDollars(d.outstanding.amountCents) },
    refunds: { count: d.refunds.count, amount: toDollars(d.refunds.amountCents) },
    recommendedOutstanding: {
      count: d.recommendedOutstanding.count,
      amount: toDollars(d.recommendedOutstanding.amountCents),
    },
    /** This month's estimates (issue 33): the share approved is approved ÷ proposed value. */
    estimates: {
      sent: d.estimates.sent,
      decided: d.estimates.decided,
      proposed: toDollars(d.estimates.proposedCents),
      approved: toDollars(d.estimates.approvedCents),
    },
    recent: d.recent.map(entryReply),
    /** Service plans (issue 35, decision 132): recurring revenue a month, plans standing, this month's churn in percent. */
    plans: {
      mrr: toDollars(d.plans.mrrCents),
      active: d.plans.active,
      pastDue: d.plans.pastDue,
      enrolled: d.plans.enrolled,
      cancelled: d.plans.cancelled,
      churnPercent: d.plans.churn === null ? null : Math.round(d.plans.churn * 1000) / 10,
    },
  };
}

export type DashboardReply = ReturnType<typeof dashboardReply>;
