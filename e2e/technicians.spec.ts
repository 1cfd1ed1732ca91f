import * as time from '@app/core/time';
import { expect, test } from './fixtures';
import { loginThroughForm } from './helpers/session';

/**
 * Technicians are people (issue 22, decision 078): the admin invites one in
 * the Technicians section and sets their hours; a technician who signs in
 * lands on /tech and is shown no admin page.
 */

test('the admin invites a technician and sets their working hours', async ({
  page,
  adminSignedIn: _admin,
  expectAccessible,
}) => {
  await page.goto('/admin?section=technicians');
  const section = page.getByRole('region', { name: 'Technicians' });
  // The seed's two technicians.
  const list = section.getByRole('list', { name: 'Technicians' });
  await expect(list.getByRole('listitem').filter({ hasText: 'Sam Ortiz' })).toHaveCount(1);
  await expect(list.getByRole('listitem').filter({ hasText: 'Riley Chen' })).toHaveCount(1);

  const email = `e2e-tech-${Date.now()}@example.com`;
  const invite = section.getByRole('form', { name: 'Invite a technician' });
  await invite.getByLabel('First name').fill('Dana');
  await invite.getByLabel('Last name').fill(`Tech${Date.now() % 100_000}`);
  await invite.getByLabel('Email').fill(email);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText(`Invitation sent to ${email}`)).toBeVisible();
  const row = list.getByRole('listitem').filter({ hasText: email });
  await expect(row).toContainText('07:00–19:00');
  await expectAccessible();

  await row.getByRole('button', { name: 'Edit hours' }).click();
  // Time and date pickers (issue 30), the rule's error on its field.
  const starts = row.getByLabel('Day starts');
  const ends = row.getByLabel('Day ends');
  await expect(starts).toHaveAttribute('type', 'time');
  await expect(ends).toHaveAttribute('type', 'time');
  await starts.fill('08:00');
  await ends.fill('07:30');
  await expect(ends).toHaveAttribute('aria-invalid', 'true');
  await expect(row.getByText('The working day must end after it starts.')).toBeVisible();
  await ends.fill('16:00');
  await expect(ends).not.toHaveAttribute('aria-invalid', 'true');
  const dayOff = time.addDays(time.today(), 30);
  const picker = row.getByLabel('Add a day off');
  await expect(picker).toHaveAttribute('type', 'date');
  await picker.fill(dayOff);
  await row.getByRole('button', { name: 'Add day off' }).click();
  await expect(row.getByRole('button', { name: `Remove ${time.formatLongDate(dayOff)}` })).toBeVisible();
  await expectAccessible();
  await row.getByRole('button', { name: 'Save working time' }).click();
  await expect(list.getByRole('listitem').filter({ hasText: email })).toContainText('08:00–16:00');
  await expect(list.getByRole('listitem').filter({ hasText: email })).toContainText(`Off: ${dayOff}`);

  // Deactivated, they take no more work: the worker's other specs book only the seeded two.
  const saved = list.getByRole('listitem').filter({ hasText: email });
  await saved.getByRole('button', { name: /^Deactivate Dana / }).click();
  await expect(saved.getByText('Deactivated')).toBeVisible();
  await expect(saved.getByRole('status')).toContainText('has no jobs still to come.');
});

test('a technician signing in lands on /tech and gets no admin page', async ({ page }) => {
  await page.goto('/login');
  await loginThroughForm(page, 'riley@example.com', 'technician-password');
  await expect(page).toHaveURL(/\/tech$/);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
});
