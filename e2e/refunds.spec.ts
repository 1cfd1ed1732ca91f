import { readFileSync } from 'node:fs';
import { bookingReference } from '@app/core/booking/reference';
import type { BookingReply } from '../functions/src/api/bookings';
import type { DashboardReply } from '../functions/src/api/revenue-reply';
import { expect, test, untilHydrated } from './fixtures';
import { desk, deskCard, deskDate, openDesk, searchCustomer, uniqueName } from './helpers/admin-desk-page';
import { formatCents, toCents } from '@app/core/money';
import { setStatusThroughApi } from './helpers/bookings';
import { auth, waitForMail } from './helpers/session';

test.describe.configure({ timeout: 120_000 });

/**
 * Refunds (issue 23, decision 069) on `npm start`: the admin completes a
 * booking on the desk, after its confirm step names the amount and the card
 * and takes the reason for completing early (issue 30; the card on file is
 * charged at the Square stand-in),
 * refunds part of it with a reason, and the card shows the refund and what is
 * left; the customer gets the refund mail.
 */
const lastName = uniqueName('Refund');
test.use({ customerDetails: { firstName: 'Quinn', lastName } });

test('the admin refunds part of a payment on the desk', async ({
  page,
  request,
  adminSignedIn: _admin,
  customerWithCard,
  deskBooking,
  expectAccessible,
}) => {
  await deskBooking(
    {
      date: deskDate(83),
      time: '11:00',
      customServiceName: 'Alternator replacement',
      customServicePrice: 150,
    },
    customerWithCard,
  );

  await openDesk(page);
  // The desk lists upcoming visits soonest first (decision 095): this one, months out, is found by name.
  await searchCustomer(page, lastName);
  const card = deskCard(page, `Quinn ${lastName}`);
  await expect(card).toBeVisible();
  await card.getByLabel('Status', { exact: true }).selectOption('Completed');
  // Completing asks first (issue 30): the server's amount and the card; a job months away needs a reason.
  const confirm = card.getByRole('group', { name: 'Complete and charge' });
  await expect(confirm.getByText('This charges $150.00 to the card ending 1111.')).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Complete anyway and charge' })).toBeDisabled();
  await confirm
    .getByLabel('Reason for completing now (kept in its history)')
    .fill('Paid ahead: part ordered.');
  await confirm.getByRole('button', { name: 'Complete anyway and charge' }).click();
  await expect(card.getByText('Payment: Paid')).toBeVisible();
  await expect(card.getByText('Left to refund: $150.00')).toBeVisible();

  // Too much is refused in the browser, with words.
  await card.getByLabel('Refund amount ($)').fill('150.01');
  await card.getByLabel('Reason').fill('Part was reused');
  await card.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(card.getByText('at most what is left to refund')).toBeVisible();

  await card.getByLabel('Refund amount ($)').fill('40');
  await card.getByRole('button', { name: 'Refund', exact: true }).click();
  // Issue 30: it asks first, naming the amount.
  const ask = page.getByRole('alertdialog', { name: 'Refund this payment?' });
  await expect(ask).toContainText(`This refunds $40.00 to Quinn ${lastName}'s card.`);
  await ask.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(ask).toBeHidden();
  await expect(card.getByRole('status').filter({ hasText: 'Refund made.' })).toBeVisible();
  await expect(card.getByText('Left to refund: $110.00')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Refunds' })).toContainText(
    'Refunded $40.00 · Part was reused',
  );
  await expectAccessible();

  const mail = await waitForMail(request, customerWithCard.email, (m) => m.subject.startsWith('Refund'));
  expect(mail.text).toContain('Refunded: $40.00');
  expect(mail.text).toContain('Reason: Part was reused');
});

// Its own customer: the test above completes a booking of its own customer too.
const elsewhereName = uniqueName('Refundfound');
test.describe('completed elsewhere', () => {
  test.use({ customerDetails: { firstName: 'Quinn', lastName: elsewhereName } });

  test('a booking completed elsewhere is found on the desk by name and status, and refunded after confirming', async ({
    page,
    adminSignedIn: _admin,
    cardBooking,
    expectAccessible,
  }) => {
    // Completed and paid away from the desk (as on the phone; cardBooking checks it paid): it leaves the open list.
    const done = await cardBooking('Headlight Restoration', { fromDay: 16, status: 'Completed' });
    const amount = formatCents(toCents(done.payment?.amount ?? 0));

    await openDesk(page);
    await searchCustomer(page, elsewhereName);
    await expect(desk(page).getByText('No bookings match your criteria.')).toBeVisible();

    const search = desk(page).getByRole('form', { name: 'Advanced Search' });
    await search.getByLabel('Status').selectOption({ label: 'Completed' });
    await search.getByRole('button', { name: 'Search' }).click();
    const card = deskCard(page, `Quinn ${elsewhereName}`);
    await expect(card).toBeVisible();
    await expect(card.getByText(`Payment: Paid · ${amount}`)).toBeVisible();
    await expectAccessible();

    await card.getByLabel('Refund amount ($)').fill('10');
    await card.getByLabel('Reason').fill('Late arrival');
    await card.getByRole('button', { name: 'Refund', exact: true }).click();
    const ask = page.getByRole('alertdialog', { name: 'Refund this payment?' });
    await expect(ask).toContainText(`This refunds $10.00 to Quinn ${elsewhereName}'s card.`);
    // Cancel keeps the money where it is.
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(card.getByRole('list', { name: 'Refunds' })).toHaveCount(0);

    await card.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(card.getByRole('list', { name: 'Refunds' })).toContainText('Refunded $10.00 · Late arrival');

    // Refunded ones are found too.
    await search.getByLabel('Status').selectOption({ label: 'Refunded' });
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(deskCard(page, `Quinn ${elsewhereName}`)).toBeVisible();
  });
});

// Its own customer too: a tip given back (issue 35, decision 130).
const tipName = uniqueName('Refundtip');
test.describe('a tip', () => {
  test.use({ customerDetails: { firstName: 'Quinn', lastName: tipName } });

  test('part of the amount and the whole tip go back as lines apart; the tip again is refused; the technician’s tips are net of it', async ({
    page,
    request,
    adminSignedIn: admin,
    customerWithCard,
    context,
    cardBooking,
    expectAccessible,
  }) => {
    test.slow();
    // Tipped as on the phone: 20% chosen at sign-off, with the completion's one charge.
    const { _id: id } = await cardBooking('Headlight Restoration', { fromDay: 16 });
    const done = await setStatusThroughApi(request, admin, id, { status: 'Completed', tip: { percent: 20 } });
    const [amount, tip] = [toCents(done.payment?.amount ?? 0), toCents(done.payment?.tip ?? 0)];
    expect(tip).toBeGreaterThan(0);
    const revenue = async () =>
      (await (await request.get('/api/admin/revenue', { headers: auth(admin) })).json()) as DashboardReply;
    const charged = await revenue();
    const technician = charged.recent.find((e) => e.bookingId === id)?.technician;
    const tipsBefore = toCents(charged.byTechnician.find((t) => t.technician === technician)?.tips ?? 0);

    // A second tab of the desk, opened now, still offers the tip after it has been given back.
    const other = untilHydrated(await context.newPage());
    for (const tab of [page, other]) {
      await openDesk(tab);
      await searchCustomer(tab, tipName, 'Completed');
    }
    const card = deskCard(page, `Quinn ${tipName}`);
    await expect(
      card.getByText(`Payment: Paid · ${formatCents(amount)} + tip ${formatCents(tip)}`),
    ).toBeVisible();
    await expect(card.getByText(`Left to refund: ${formatCents(amount)}`, { exact: true })).toBeVisible();
    await expect(card.getByText(`Tip left to refund: ${formatCents(tip)}`, { exact: true })).toBeVisible();
    await expectAccessible();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await card
        .locator('.desk-card__payment-actions')
        .screenshot({ path: test.info().outputPath(`refund-tip-${width}.png`) });
    }

    await card.getByLabel('Refund amount ($)').fill('40');
    await card.getByLabel('Tip to give back ($)').fill((tip / 100).toFixed(2));
    await card.getByLabel('Reason').fill('Late arrival');
    await card.getByRole('button', { name: 'Refund', exact: true }).click();
    const ask = page.getByRole('alertdialog', { name: 'Refund this payment?' });
    await expect(ask).toContainText(`This refunds ${formatCents(4000 + tip)} to Quinn ${tipName}'s card.`);
    await ask.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(card.getByRole('status').filter({ hasText: 'Refund made.' })).toBeVisible();
    await expect(card.getByRole('list', { name: 'Refunds' })).toContainText(
      `Refunded $40.00 · Tip refunded ${formatCents(tip)} · Late arrival`,
    );
    await expect(
      card.getByText(`Left to refund: ${formatCents(amount - 4000)}`, { exact: true }),
    ).toBeVisible();
    await expect(card.getByLabel('Tip to give back ($)')).toHaveCount(0);
    const mail = await waitForMail(request, customerWithCard.email, (m) => m.subject.startsWith('Refund'));
    expect(mail.text).toContain('Refunded: $40.00');
    expect(mail.text).toContain(`Tip refunded: ${formatCents(tip)}`);

    // The other tab tries the tip again: the server refuses it in its words, and nothing changes.
    const stale = deskCard(other, `Quinn ${tipName}`);
    await stale.getByLabel('Tip to give back ($)').fill((tip / 100).toFixed(2));
    await stale.getByLabel('Reason').fill('Tip typed twice');
    await stale.getByRole('button', { name: 'Refund', exact: true }).click();
    await other.getByRole('alertdialog').getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(stale.getByText('There is no tip left to refund on this payment.')).toBeVisible();
    await other.close();
    const mine = (await (
      await request.get('/api/bookings', { headers: auth(customerWithCard) })
    ).json()) as BookingReply[];
    expect(mine.find((b) => b._id === id)?.payment).toMatchObject({
      refundable: (amount - 4000) / 100,
      tipRefundable: 0,
      refunds: [{ amount: 40, tip: tip / 100 }],
    });

    // The revenue section: the technician's tips net of the tip given back; the CSV's lines name them both.
    await page.goto('/admin?section=revenue');
    const section = page.getByRole('region', { name: 'Revenue' });
    const row = section
      .getByRole('table', { name: /By technician/ })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: `Technician ${technician}`, exact: true }) });
    await expect(row.getByRole('cell').last()).toHaveText(formatCents(tipsBefore - tip));
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Export CSV' }).click();
    const lines = readFileSync(await (await download).path(), 'utf8')
      .split('\r\n')
      .filter((line) => line.includes(`,${bookingReference(id)},`));
    const tipAndTechnician = (line: string) => line.split(',').slice(-2).join(',');
    // The payment's line and the refund's: the tip, and the tip given back.
    expect(lines.map(tipAndTechnician).sort()).toEqual([
      `-${(tip / 100).toFixed(2)},Technician ${technician}`,
      `${(tip / 100).toFixed(2)},Technician ${technician}`,
    ]);
  });
});
