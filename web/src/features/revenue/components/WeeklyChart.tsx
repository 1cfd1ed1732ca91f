import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { formatCents, toCents } from '@app/core/money';

// Only what a bar chart needs: Chart.js is tree-shaken to these.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

type Week = { week: string; start: string; revenue: number; refunds: number };

const shortDate = (date: string) => {
  const [, month, day] = date.split('-').map(Number);
  return `${month}/${day}`;
};

/**
 * Revenue by week, the last 12 weeks, as a bar chart (Chart.js, loaded only
 * with this component, which the revenue section loads lazily: no public
 * page carries it). The figures are also in the table beside it.
 */
export default function WeeklyChart({ weeks }: { weeks: Week[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const config: ChartConfiguration<'bar'> = {
      type: 'bar',
      data: {
        labels: weeks.map((w) => shortDate(w.start)),
        datasets: [
          { label: 'Revenue', data: weeks.map((w) => w.revenue), backgroundColor: '#1f6f8b' },
          { label: 'Refunds', data: weeks.map((w) => w.refunds), backgroundColor: '#c2553a' },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          y: { beginAtZero: true, ticks: { callback: (value) => formatCents(toCents(Number(value))) } },
        },
        plugins: {
          tooltip: {
            callbacks: {
              label: (item) => `${item.dataset.label}: ${formatCents(toCents(Number(item.raw)))}`,
            },
          },
        },
      },
    };
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [weeks]);
  const total = weeks.reduce((sum, w) => sum + toCents(w.revenue), 0);
  return (
    <div className="revenue-chart">
      <canvas
        ref={canvas}
        role="img"
        aria-label={`Revenue by week for the last ${weeks.length} weeks: ${formatCents(total)} in all.`}
      />
    </div>
  );
}
