import { readFileSync } from 'node:fs';
import { bookingReference } from '@app/core/booking/reference';
import { formatCents, toCents } from '@app/core/money';
import type { BookingReply } from '../functions/src/api/bookings';
import { expect, test } from './fixtures';
import { auth } from './helpers/session';

/**
 * The admin's Revenue section (issue 23): after a few jobs completed (and
 * charged to the card on file), the month's figures move by what was paid,
 * the weekly chart is drawn, and the CSV export holds the payments.
 */

type Figures = { thisMonth: { revenue: number; jobs: number } };

test('the month’s figures after a few completed jobs, the chart, and the CSV export', async ({
  page,
  request,
  adminSignedIn: admin,
  cardBooking,
  expectAccessible,
}) => {
  // Two bookings, two completions charged at the stand-in, the admin page and a download.
  test.setTimeout(90_000);
  const figures = async () =>
    (await (await request.get('/api/admin/revenue', { headers: auth(admin) })).json()) as Figures;
  const before = await figures();
  const done: BookingReply[] = [];
  for (const service of ['Engine Diagnostic', 'Headlight Restoration'])
    done.push(await cardBooking(service, { fromDay: 21, status: 'Completed' }));
  expect(done.map((b) => b.payment?.status)).toEqual(['paid', 'paid']);
  const paidCents = done.reduce((sum, b) => sum + toCents(b.payment?.amount ?? 0), 0);

  await page.goto('/admin?section=revenue');
  const section = page.getByRole('region', { name: 'Revenue' });
  await expect(section.getByTestId('revenue-this-month')).toHaveText(
    formatCents(toCents(before.thisMonth.revenue) + paidCents),
  );
  // Both months labelled alike (issue 30): gross, with the net of refunds under each.
  await expect(section.getByText(/, gross$/)).toHaveCount(2);
  await expect(section.getByTestId('revenue-this-month-net')).toBeVisible();
  await expect(section.getByTestId('revenue-last-month-net')).toBeVisible();
  await expect(section.getByTestId('revenue-jobs')).toHaveText(String(before.thisMonth.jobs + 2));
  await expect(section.getByRole('img', { name: /Revenue by week for the last 12 weeks/ })).toBeVisible();
  await expect(section.getByRole('table', { name: /By service/ })).toContainText('Engine Diagnostic');
  await expectAccessible();

  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^revenue-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await file.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    '\uFEFFDate,Time,Type,Amount,Service,Customer,Booking,Work order,Reference,Refund of,Reason,Tip,Technician',
  );
  // Issue 30: the booking's short reference, not its internal id.
  for (const booking of done) {
    expect(csv).toContain(`,${bookingReference(booking._id)},`);
    expect(csv).not.toContain(booking._id);
  }
  await expect(section.getByText(/^Downloaded revenue-/)).toBeVisible();
});
