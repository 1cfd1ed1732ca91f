import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { NoticeLine, useNotice } from '../../components/admin/notice';
import { messageOf } from '../../lib/api';
import { downloadRevenueCsv, revenueQueryOptions } from './api';
import { Breakdowns, Figures, WeeklyTable } from './components/Figures';
import { PlanFigures } from './components/PlanFigures';
import './revenue.css';
import { SubmitButton } from '../../components/ui/SubmitButton';

// Chart.js comes with the chart alone, fetched once the figures are in.
const WeeklyChart = lazy(() => import('./components/WeeklyChart'));

/**
 * The owner's revenue section (issue 23): this month against last, revenue
 * by week for 12 weeks (a chart), by service and technician, jobs and the
 * average ticket, outstanding and refunds, service plans' recurring revenue
 * (issue 35); and the CSV of payments and
 * refunds over a date range, for the accountant.
 */
export default function RevenuePanel() {
  const revenue = useQuery(revenueQueryOptions());
  if (revenue.isPending) return <p className="status-text">Loading...</p>;
  if (revenue.isError)
    return (
      <p className="form-message form-message--error" role="alert">
        {messageOf(revenue.error, 'Could not load the revenue figures.')}
      </p>
    );
  const data = revenue.data;
  return (
    <div className="revenue">
      <Figures data={data} />
      <PlanFigures plans={data.plans} />
      <h3 className="revenue__heading">Revenue by week, the last {data.weeks.length} weeks</h3>
      <Suspense fallback={<div className="revenue-chart" aria-hidden="true" />}>
        <WeeklyChart weeks={data.weeks} />
      </Suspense>
      <WeeklyTable weeks={data.weeks} />
      <Breakdowns data={data} />
      <ExportForm today={data.today} />
    </div>
  );
}

function ExportForm({ today }: { today: string }) {
  const form = useForm({ defaultValues: { from: `${today.slice(0, 7)}-01`, to: today } });
  const [from, to] = useWatch({ control: form.control, name: ['from', 'to'] });
  const notice = useNotice();
  const download = useMutation({
    mutationFn: (range: { from: string; to: string }) => downloadRevenueCsv(range.from, range.to),
    onSuccess: (name) => notice.success(`Downloaded ${name}.`),
    onError: (error) => notice.failure(error, 'Could not export the payments.'),
  });
  return (
    <form
      className="revenue-export"
      onSubmit={form.handleSubmit((range) => {
        notice.clear();
        download.mutate(range);
      })}
    >
      <h3 className="revenue__heading">Export payments and refunds (CSV)</h3>
      <div className="revenue-export__fields">
        <label>
          From
          <input type="date" required max={to} {...form.register('from')} />
        </label>
        <label>
          To
          <input type="date" required min={from} {...form.register('to')} />
        </label>
        <SubmitButton busy={download.isPending} busyLabel="Exporting...">
          Export CSV
        </SubmitButton>
      </div>
      <NoticeLine notice={notice.notice} />
    </form>
  );
}
