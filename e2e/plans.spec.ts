import { linkTexts } from '@app/core/auth/link-texts';
import { addDays, today, weekdayOf } from '@app/core/time';
import type { EnrolmentRow } from '../web/src/features/plans/api';
import { expect, test } from './fixtures';
import { dateWithTimes, serviceNamed } from './helpers/booking-page';
import { auth } from './helpers/session';

/**
 * Service plans (issue 35): the admin's four-weekly plan (made through the API); a customer enrols
 * their car in Account Settings, sees the terms with the amounts and the next three visits, then
 * skips one, and pauses the plan on the page its mails' link opens (decision 133); the pause uses the link,
 * the page goes on at the next one and resumes from there, and the old address shows the plan read-only with
 * "Mail me a new link" (decision 134). The spec leaves its stack as seeded: the enrolment cancelled, the plan withdrawn.
 */

const BYDAY = {
  Monday: 'MO',
  Tuesday: 'TU',
  Wednesday: 'WE',
  Thursday: 'TH',
  Friday: 'FR',
  Saturday: 'SA',
  Sunday: 'SU',
} as const;

test('a customer enrols a car in a four-weekly plan, sees the next three visits, and skips one', async ({
  page,
  request,
  admin,
  customerWithCardSignedIn: customer,
  expectAccessible,
}) => {
  test.slow();
  const service = await serviceNamed(request, 'Full Interior & Exterior Detail');
  const { date, free } = await dateWithTimes(request, service._id, addDays(today(), 3), 1, {
    zipCode: '19382',
  });
  const at = free[0] as string;
  const planBody = {
    name: 'Four-Weekly Detail',
    description: 'A full detail every four weeks.',
    serviceId: service._id,
    recurrence: `FREQ=WEEKLY;INTERVAL=4;BYDAY=${BYDAY[weekdayOf(date)]}`,
    priceKind: 'per-visit',
    price: 149,
    discountPercent: 10,
    autoRenew: true,
    minimumMonths: 0,
    cancellation: 'Cancel any time from Account Settings.',
    active: true,
  };
  const made = await request.post('/api/admin/plans', { headers: auth(admin), data: planBody });
  expect(made.status()).toBe(201);
  const plan = (await made.json()) as { _id: string };
  const car = await request.post('/api/users/me/vehicles', {
    headers: auth(customer),
    data: { year: 2021, make: 'Subaru', model: 'Outback', color: 'Green' },
  });
  expect(car.status()).toBe(201);

  try {
    await page.goto('/dashboard?tab=account');
    const plans = page.getByRole('region', { name: 'Service Plans' });
    await expect(plans.getByText('No plans yet.')).toBeVisible();
    await plans.getByRole('button', { name: 'Enrol in a Plan' }).click();
    await plans.getByLabel('Plan', { exact: true }).selectOption({ label: 'Four-Weekly Detail' });
    await plans.getByLabel('Vehicle', { exact: true }).selectOption({ label: 'Green 2021 Subaru Outback' });
    await plans.getByLabel('Address', { exact: true }).selectOption({ index: 1 });
    await plans.getByLabel('First visit on or after').fill(date);
    await plans.getByLabel('Time of day').fill(at);
    const terms = plans.getByLabel('The plan’s terms', { exact: true });
    await expect(terms).toContainText('$149.00 a visit');
    await expect(terms).toContainText('10% off other work on this vehicle');
    await expect(terms.getByRole('list', { name: 'Next three visits' }).getByRole('listitem')).toHaveCount(3);
    await plans.getByLabel(/I agree to the plan’s terms/).check();
    await expectAccessible();
    await plans.screenshot({ path: test.info().outputPath('plans-enrol-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await plans.screenshot({ path: test.info().outputPath('plans-enrol-390.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await plans.getByRole('button', { name: 'Enrol', exact: true }).click();
    await expect(
      plans.getByText('Enrolled in Four-Weekly Detail. Your first visits are booked.'),
    ).toBeVisible();

    const next = plans.getByRole('list', { name: 'Next visits of Four-Weekly Detail' }).getByRole('listitem');
    await expect(next).toHaveCount(3);
    const firstVisit = await next.first().textContent();
    await next.first().getByRole('button', { name: /^Skip/ }).click();
    await expect(plans.getByText('Visit skipped. Its booking is cancelled.')).toBeVisible();
    await expect(next.first()).not.toHaveText(firstVisit ?? '');
    await expectAccessible();
    await plans.screenshot({ path: test.info().outputPath('plans-list-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await plans.screenshot({ path: test.info().outputPath('plans-list-390.png') });

    // The plan mails' "Manage your plan" link (decision 133), issued as the mails issue it: pause there.
    const [enrolled] = (await (
      await request.get('/api/plans/enrolments', { headers: auth(customer) })
    ).json()) as EnrolmentRow[];
    const { Plan } = await import('@app/core/plan/index');
    const token = await Plan.issuePlanLink({ userId: customer.user._id, id: enrolled?._id ?? '' });
    await page.goto(`/plan/${token}`);
    await expect(page.getByRole('heading', { name: 'Your Service Plan' })).toBeVisible();
    await expect(page.getByText('For your 2021 Subaru Outback.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Next visits of Four-Weekly Detail' })).toBeVisible();
    await expectAccessible();
    await page.screenshot({ path: test.info().outputPath('plan-link-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: /^Pause/ }).click();
    await expect(page.getByText('Plan paused. Its upcoming visits are cancelled.')).toBeVisible();
    await expect(page.getByText('Paused', { exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('plan-link-1280.png'), fullPage: true });
    // The pause used the link (decision 134): the page went on at the next link's address, and acts from there.
    await expect(page).toHaveURL(/\/plan\/[A-Za-z0-9_-]{43}$/);
    expect(page.url()).not.toContain(token);
    await page.getByRole('button', { name: /^Resume/ }).click();
    await expect(page.getByText('Plan active again. Its visits are being booked.')).toBeVisible();
    // The old address shows the plan read-only, and offers a new link by mail.
    await page.goto(`/plan/${token}`);
    await expect(page.getByText(linkTexts.plan.used)).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Pause|Resume|Cancel plan)/ })).toHaveCount(0);
    await expectAccessible();
    await page.screenshot({ path: test.info().outputPath('plan-link-used-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('plan-link-used-390.png'), fullPage: true });
    await page.getByRole('button', { name: 'Mail me a new link' }).click();
    await expect(page.getByText(linkTexts.plan.resent)).toBeVisible();
  } finally {
    // As seeded: the enrolment cancelled (its visits with it), the plan withdrawn.
    const mine = await request.get('/api/plans/enrolments', { headers: auth(customer) });
    for (const e of (await mine.json()) as EnrolmentRow[]) {
      await request.post(`/api/plans/enrolments/${e._id}/cancel`, { headers: auth(customer) });
    }
    await request.put(`/api/admin/plans/${plan._id}`, {
      headers: auth(admin),
      data: { ...planBody, active: false },
    });
  }
});
