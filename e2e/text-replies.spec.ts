import type { TechDayReply } from '../functions/src/api/tech';
import { seedTechnicians } from '../functions/src/local/seed';
import { expect, test } from './fixtures';
import { desk, deskCards, openDesk, searchCustomer, uniqueName } from './helpers/admin-desk-page';
import { auth } from './helpers/session';
import { uniqueMobile } from '../tests/sms';

/**
 * Customers who answer a text (issue 36): the customer's phone texts the shop's number
 * (POST /_local/sms/reply: the SMS stand-in signs the SNS notification and the app posts it to
 * /api/texts/inbound). "C" shows "Confirmed by customer" on the desk; a question shows in the
 * desk's texts and on the job's card on /tech, where the technician answers by text.
 */

test('a customer texts C, then a question: the desk sees the confirmation, the technician answers on /tech', async ({
  page,
  request,
  admin,
  customerWithCard,
  cardBooking,
  signIn,
  expectAccessible,
}) => {
  test.slow();
  const mobile = uniqueMobile();
  const optIn = await request.put('/api/users/me/notifications', {
    headers: auth(customerWithCard),
    data: { texts: { optIn: true, mobile } },
  });
  expect(optIn.ok(), await optIn.text()).toBe(true);
  const first = uniqueName('Texter');
  const booking = await cardBooking('Headlight Restoration', {
    details: { clientFirstName: first, clientLastName: 'Replies' },
    fromDay: 3,
  });
  const text = async (body: string) => {
    const reply = await request.post('/_local/sms/reply', { data: { from: mobile, body } });
    expect(reply.ok(), await reply.text()).toBe(true);
  };

  // "C": the desk shows the customer confirmed, as after the reminder's "I'll be there".
  await text('C');
  await signIn(admin);
  await openDesk(page);
  // The search finds this test's booking only (by the name it was booked under).
  await searchCustomer(page, first);
  await expect(deskCards(page)).toHaveCount(1);
  await expect(deskCards(page).getByText('Confirmed by customer')).toBeVisible();

  // A question before the visit reaches the desk's texts.
  await text('Is the gate code still 4411?');
  await openDesk(page);
  const inbox = desk(page).getByRole('region', { name: 'Customer texts' });
  await expect(inbox.getByText('Is the gate code still 4411?').first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('desk-texts-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('desk-texts-390.png'), fullPage: true });

  // The job's technician opens that day on /tech: the question is on the job's card, and they answer.
  let number: number | undefined;
  for (const technician of seedTechnicians.map((t) => t.number)) {
    const day = await request.get(`/api/tech/day?date=${booking.date}&technician=${technician}`, {
      headers: auth(admin),
    });
    if (
      (day.ok() ? ((await day.json()) as TechDayReply) : null)?.jobs.some((job) => job._id === booking._id)
    ) {
      number = technician;
    }
  }
  const seeded = seedTechnicians.find((t) => t.number === number);
  if (!seeded) throw new Error('The booking is on no seeded technician’s day');
  const login = await request.post('/api/users/login', {
    data: { email: seeded.email, password: seeded.password },
  });
  const { token } = (await login.json()) as { token: string };
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/tech?date=${booking.date}`);
  const thread = page
    .getByRole('region', { name: 'Texts with the customer' })
    .filter({ hasText: 'Is the gate code still 4411?' });
  await expect(thread).toBeVisible();
  await thread.getByLabel('Text the customer').fill('Yes, 4411. See you then!');
  await thread.getByRole('button', { name: 'Send text' }).click();
  await expect(thread.getByText('Yes, 4411. See you then!')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('tech-texts-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('tech-texts-1280.png'), fullPage: true });
  await expect
    .poll(async () => {
      const outbox = (await (await request.get('/_local/outbox')).json()) as {
        channel: string;
        to: string[];
        text: string;
      }[];
      return outbox.some(
        (item) =>
          item.channel === 'sms' && item.to.includes(mobile) && item.text === 'Yes, 4411. See you then!',
      );
    })
    .toBe(true);
});
