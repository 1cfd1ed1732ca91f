import { formatCents, toCents } from '@app/core/money';
import { addDays, instantOf, today } from '@app/core/time';
import { cancelEnrolment, enrolMonthly, PLAN_FEE_CENTS } from '../tests/plan-billing-fixtures';
import { expect, test } from './fixtures';
import { runJob } from './helpers/jobs';
import { auth } from './helpers/session';

/**
 * A monthly plan billed by the scheduled job (issue 35, decision 132): an enrolment (written as the
 * enrolment's transaction writes it), the `plan-charges` job at a moved clock bills the month once
 * (a second run bills nothing), and the revenue section shows the monthly recurring revenue. The
 * enrolment is cancelled after, so the stack's figures are as seeded.
 */
test('the scheduled job bills the month once, and the revenue section shows the recurring revenue', async ({
  page,
  request,
  adminSignedIn: admin,
  customerWithCard: customer,
  expectAccessible,
}) => {
  type Plans = { plans: { mrr: number; active: number } };
  const figures = async () =>
    (await (await request.get('/api/admin/revenue', { headers: auth(admin) })).json()) as Plans;
  const before = await figures();
  const enrolment = await enrolMonthly(customer.user._id, today(), { name: 'Detail Club E2E' });
  try {
    const tomorrow = instantOf(addDays(today(), 1), '09:00');
    expect(await runJob('plan-charges', tomorrow)).toMatchObject({ due: 1, paid: 1 });
    expect(await runJob('plan-charges', tomorrow)).toMatchObject({ due: 0, paid: 0 });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin?section=revenue');
    const plans = page.getByRole('region', { name: 'Service plans' });
    await expect(plans.getByTestId('revenue-plans-mrr')).toHaveText(
      formatCents(toCents(before.plans.mrr) + PLAN_FEE_CENTS),
    );
    await expect(plans.getByTestId('revenue-plans-active')).toHaveText(String(before.plans.active + 1));
    await expectAccessible();
    await plans.screenshot({ path: test.info().outputPath('plan-figures-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await plans.scrollIntoViewIfNeeded();
    await plans.screenshot({ path: test.info().outputPath('plan-figures-390.png') });
  } finally {
    await cancelEnrolment(enrolment);
  }
});
