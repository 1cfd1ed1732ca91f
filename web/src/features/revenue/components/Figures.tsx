import { formatCents, toCents } from '@app/core/money';
import type { ReactNode } from 'react';
import { type RevenueReply, showsTechnicians } from '../api';

export const money = (dollars: number) => formatCents(toCents(dollars));

/** This month against last, jobs and the average ticket, outstanding and refunds. */
export function Figures({ data }: { data: RevenueReply }) {
  const { thisMonth, lastMonth, changePercent, outstanding, refunds, recommendedOutstanding, estimates } =
    data;
  const share = estimates.proposed > 0 ? Math.round((estimates.approved / estimates.proposed) * 100) : null;
  const change =
    changePercent === null
      ? 'no revenue last month'
      : `${changePercent > 0 ? '+' : ''}${changePercent}% on last month`;
  return (
    <dl className="revenue-figures">
      {/* Both months labelled alike (issue 30): the gross figure, then net of refunds. */}
      <Figure term={`${thisMonth.label}, gross`} testId="revenue-this-month" value={money(thisMonth.revenue)}>
        <Net testId="revenue-this-month-net" cents={thisMonth.net} />
        <dd className="revenue-figure__note">{change}</dd>
      </Figure>
      <Figure term={`${lastMonth.label}, gross`} testId="revenue-last-month" value={money(lastMonth.revenue)}>
        <Net testId="revenue-last-month-net" cents={lastMonth.net} />
      </Figure>
      <Figure term="Jobs completed this month" testId="revenue-jobs" value={thisMonth.jobs}>
        <dd className="revenue-figure__note">
          average ticket <span data-testid="revenue-average">{money(thisMonth.averageTicket)}</span>
        </dd>
      </Figure>
      <Figure term="Outstanding" testId="revenue-outstanding" value={money(outstanding.amount)}>
        <dd className="revenue-figure__note">
          {outstanding.count} {outstanding.count === 1 ? 'charge' : 'charges'} declined or unpaid
        </dd>
      </Figure>
      <Figure term="Refunds this month" testId="revenue-refunds" value={money(refunds.amount)}>
        <dd className="revenue-figure__note">
          {refunds.count} {refunds.count === 1 ? 'refund' : 'refunds'}
        </dd>
      </Figure>
      <Figure
        term="Recommended work outstanding"
        testId="revenue-recommended"
        value={money(recommendedOutstanding.amount)}
      >
        <dd className="revenue-figure__note">
          {recommendedOutstanding.count} {recommendedOutstanding.count === 1 ? 'line' : 'lines'} declined or
          deferred, still open
        </dd>
      </Figure>
      {/* Issue 33: estimates sent this month, and the share of the proposed work's value approved. */}
      <Figure term="Estimates sent this month" testId="revenue-estimates" value={estimates.sent}>
        <dd className="revenue-figure__note">
          {share === null
            ? 'no recommended work answered yet'
            : `${share}% of ${money(estimates.proposed)} proposed approved (${money(estimates.approved)})`}
        </dd>
      </Figure>
    </dl>
  );
}

/** One figure, a figure tile (styles/pages.css): its term, its value (tested by `testId`), and the notes under it (`<dd>`s). */
export function Figure({
  term,
  testId,
  value,
  children,
}: {
  term: string;
  testId: string;
  value: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="figure__fact revenue-figure">
      <dt>{term}</dt>
      <dd data-testid={testId}>{value}</dd>
      {children}
    </div>
  );
}

function Net({ testId, cents }: { testId: string; cents: number }) {
  return (
    <dd className="revenue-figure__note">
      net of refunds <span data-testid={testId}>{money(cents)}</span>
    </dd>
  );
}

/** This month by service, and by technician when the crew has more than one. */
export function Breakdowns({ data }: { data: RevenueReply }) {
  return (
    <div className="revenue-breakdowns">
      <LinesTable
        caption={`By service, ${data.thisMonth.label}`}
        what="Service"
        lines={data.byService.map((line) => ({ ...line, key: line.serviceId ?? 'other' }))}
        empty="No jobs paid yet this month."
      />
      {showsTechnicians(data) ? (
        <LinesTable
          caption={`By technician, ${data.thisMonth.label}`}
          what="Technician"
          lines={data.byTechnician.map((line) => ({
            ...line,
            key: String(line.technician),
            name: `Technician ${line.technician}`,
          }))}
          tips
        />
      ) : null}
    </div>
  );
}

/**
 * Jobs and revenue a line (a service, a technician); `empty` is the row shown when there is none;
 * `tips`: the technicians' tips too, a column apart from the revenue (issue 35).
 */
function LinesTable({
  caption,
  what,
  lines,
  empty,
  tips = false,
}: {
  caption: string;
  what: string;
  lines: { key: string; name: string; jobs: number; revenue: number; tips?: number }[];
  empty?: string;
  tips?: boolean;
}) {
  return (
    <table className="revenue-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{what}</th>
          <th scope="col">Jobs</th>
          <th scope="col">Revenue</th>
          {tips && <th scope="col">Tips, net of refunds</th>}
        </tr>
      </thead>
      <tbody>
        {lines.length === 0 && empty ? (
          <tr>
            <td colSpan={3} className="revenue-table__empty">
              {empty}
            </td>
          </tr>
        ) : (
          lines.map((line) => (
            <tr key={line.key}>
              <th scope="row">{line.name}</th>
              <td>{line.jobs}</td>
              <td>{money(line.revenue)}</td>
              {tips && <td>{money(line.tips ?? 0)}</td>}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** The weekly figures as a table: the chart's data for a screen reader, and for the record. */
export function WeeklyTable({ weeks }: { weeks: RevenueReply['weeks'] }) {
  return (
    <details className="revenue-weeks">
      <summary>Weekly figures as a table</summary>
      <table className="revenue-table">
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Revenue</th>
            <th scope="col">Refunds</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.week}>
              <th scope="row">{w.start}</th>
              <td>{money(w.revenue)}</td>
              <td>{money(w.refunds)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
