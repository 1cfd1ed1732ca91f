import { formatCents, toCents } from '@app/core/money';
import type { RevenueReply } from '../api';

const money = (dollars: number) => formatCents(toCents(dollars));

/** This month against last, jobs and the average ticket, outstanding and refunds. */
export function Figures({ data }: { data: RevenueReply }) {
  const { thisMonth, lastMonth, changePercent, outstanding, refunds } = data;
  const change =
    changePercent === null
      ? 'no revenue last month'
      : `${changePercent > 0 ? '+' : ''}${changePercent}% on last month`;
  return (
    <dl className="revenue-figures">
      {/* Both months labelled alike (issue 30): the gross figure, then net of refunds. */}
      <div className="revenue-figure">
        <dt>{thisMonth.label}, gross</dt>
        <dd data-testid="revenue-this-month">{money(thisMonth.revenue)}</dd>
        <dd className="revenue-figure__note">
          net of refunds <span data-testid="revenue-this-month-net">{money(thisMonth.net)}</span>
        </dd>
        <dd className="revenue-figure__note">{change}</dd>
      </div>
      <div className="revenue-figure">
        <dt>{lastMonth.label}, gross</dt>
        <dd data-testid="revenue-last-month">{money(lastMonth.revenue)}</dd>
        <dd className="revenue-figure__note">
          net of refunds <span data-testid="revenue-last-month-net">{money(lastMonth.net)}</span>
        </dd>
      </div>
      <div className="revenue-figure">
        <dt>Jobs completed this month</dt>
        <dd data-testid="revenue-jobs">{thisMonth.jobs}</dd>
        <dd className="revenue-figure__note">
          average ticket <span data-testid="revenue-average">{money(thisMonth.averageTicket)}</span>
        </dd>
      </div>
      <div className="revenue-figure">
        <dt>Outstanding</dt>
        <dd data-testid="revenue-outstanding">{money(outstanding.amount)}</dd>
        <dd className="revenue-figure__note">
          {outstanding.count} {outstanding.count === 1 ? 'charge' : 'charges'} declined or unpaid
        </dd>
      </div>
      <div className="revenue-figure">
        <dt>Refunds this month</dt>
        <dd data-testid="revenue-refunds">{money(refunds.amount)}</dd>
        <dd className="revenue-figure__note">
          {refunds.count} {refunds.count === 1 ? 'refund' : 'refunds'}
        </dd>
      </div>
    </dl>
  );
}

/** This month by service, and by technician when the crew has more than one. */
export function Breakdowns({ data }: { data: RevenueReply }) {
  return (
    <div className="revenue-breakdowns">
      <table className="revenue-table">
        <caption>By service, {data.thisMonth.label}</caption>
        <thead>
          <tr>
            <th scope="col">Service</th>
            <th scope="col">Jobs</th>
            <th scope="col">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {data.byService.length === 0 ? (
            <tr>
              <td colSpan={3} className="revenue-table__empty">
                No jobs paid yet this month.
              </td>
            </tr>
          ) : (
            data.byService.map((line) => (
              <tr key={line.serviceId ?? 'other'}>
                <th scope="row">{line.name}</th>
                <td>{line.jobs}</td>
                <td>{money(line.revenue)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      {data.byTechnician.length > 1 ? (
        <table className="revenue-table">
          <caption>By technician, {data.thisMonth.label}</caption>
          <thead>
            <tr>
              <th scope="col">Technician</th>
              <th scope="col">Jobs</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {data.byTechnician.map((line) => (
              <tr key={line.technician}>
                <th scope="row">Technician {line.technician}</th>
                <td>{line.jobs}</td>
                <td>{money(line.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
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
