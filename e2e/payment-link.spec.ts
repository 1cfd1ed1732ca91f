import { expect, test } from './fixtures';
import { deskCard, deskDate, openDesk, searchCustomer, uniqueName } from './helpers/admin-desk-page';
import { waitForMail } from './helpers/session';

test.describe.configure({ timeout: 120_000 });

/**
 * Payment links (issue 23, decision 070), the whole path on `npm start`
 * without internet: the admin sends a payment link from the desk for a
 * booking made by phone for a customer with no card; the customer opens the
 * link from the mail and pays on the Square stand-in's hosted checkout page
 * (a declined test card first); the stand-in's signed webhook reaches the app,
 * and the desk shows the booking paid.
 */
const lastName = uniqueName('Paylink');
test.use({ customerDetails: { firstName: 'Robin', lastName } });

test('the admin sends a payment link, the customer pays on the checkout page, the desk shows it paid', async ({
  page,
  request,
  adminSignedIn: _admin,
  customer,
  deskBooking,
  expectAccessible,
}) => {
  await deskBooking(
    { date: deskDate(77), time: '10:00', customServiceName: 'Brake inspection', customServicePrice: 120 },
    customer,
  );

  await openDesk(page);
  // The desk lists upcoming visits soonest first (decision 095): this one, weeks out, is found by name.
  await searchCustomer(page, lastName);
  const card = deskCard(page, `Robin ${lastName}`);
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Send payment link' }).click();
  await expect(card.getByRole('status')).toHaveText('Payment link sent.');
  await expect(card.getByText('Payment: Link sent')).toBeVisible();
  await expectAccessible();

  // The customer's mail carries the link to the stand-in's checkout page.
  const mail = await waitForMail(request, customer.email, (m) => m.subject.includes('payment link'));
  expect(mail.text).toContain('$120.00');
  const url = /(http:\/\/\S+\/checkout\/[A-Z0-9]+)/.exec(mail.text)?.[1] ?? '';
  expect(url).not.toBe('');

  const checkout = await page.context().newPage();
  await checkout.goto(url);
  await expect(checkout.getByRole('heading', { name: 'Pay $120.00' })).toBeVisible();
  await expect(checkout.getByRole('cell', { name: 'Brake inspection' })).toBeVisible();
  await expectAccessible(checkout);
  const pay = async (number: string) => {
    await checkout.getByLabel('Card number').fill(number);
    await checkout.getByLabel('Expiration (MM/YY)').fill('12/40');
    await checkout.getByLabel('CVV').fill('111');
    await checkout.getByLabel('ZIP code').fill('19380');
    await checkout.getByRole('button', { name: 'Pay $120.00' }).click();
  };
  await pay('4000 0000 0000 0002');
  await expect(checkout.getByRole('alert')).toContainText('Your card was declined');
  await pay('4111 1111 1111 1111');
  await expect(checkout.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expectAccessible(checkout);
  await checkout.close();

  // The webhook has marked it paid: the desk shows it after a reload, and offers no link any more.
  await waitForMail(request, customer.email, (m) => m.subject.includes('Payment received'));
  await openDesk(page);
  await searchCustomer(page, lastName);
  const paid = deskCard(page, `Robin ${lastName}`);
  await expect(paid.getByText('Payment: Paid')).toBeVisible();
  await expect(paid.getByRole('button', { name: /Send payment link/ })).toHaveCount(0);
});
