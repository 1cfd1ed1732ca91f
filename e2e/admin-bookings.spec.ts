import { expect, test as base } from './fixtures';
import {
  bookingsNamed,
  cancelThroughApi,
  createCustomBookingThroughApi,
  type CustomBookingInput,
  deskCard,
  deskCards,
  deskDate,
  desk,
  openDesk,
  searchCustomer,
  uniqueName,
} from './helpers/admin-desk-page';

/**
 * Manage Bookings on /admin (doc 2 §2, issue 11): the advanced search, 'Show 5
 * More', and a status change that stays after a reload. Bookings are made
 * through the API on dates no other spec uses, and cancelled after each test.
 */
const test = base.extend<{ book: (input: CustomBookingInput) => Promise<{ _id: string }> }>({
  book: async ({ request, admin }, use) => {
    const made: string[] = [];
    await use(async (input) => {
      const booking = await createCustomBookingThroughApi(request, admin, input);
      made.push(booking._id);
      return booking;
    });
    for (const id of made) await cancelThroughApi(request, admin, id);
  },
});

test('the advanced search narrows the list to the matching bookings', async ({
  page,
  admin,
  signIn,
  book,
  expectAccessible,
}) => {
  const date = deskDate(1);
  const first = uniqueName('Searchfirst');
  const second = uniqueName('Searchsecond');
  await book({ date, time: '09:00', clientLastName: first });
  await book({ date, time: '11:00', clientLastName: second });

  await signIn(admin);
  await openDesk(page);
  await expectAccessible();
  // Both are among the newest (the far date sorts first).
  await expect(deskCard(page, first)).toBeVisible();
  await expect(deskCard(page, second)).toBeVisible();

  await searchCustomer(page, first);
  await expect(deskCard(page, first)).toBeVisible();
  await expect(deskCard(page, second)).toBeHidden();
  await expect(deskCards(page)).toHaveCount(1);
  await expect(desk(page).getByText('Showing 1 of 1 matching booking')).toBeVisible();

  // Filters combine: the right name on another date matches nothing.
  const search = desk(page).getByRole('form', { name: 'Advanced Search' });
  await search.getByLabel('From date').fill(date.replace(/^(\d{4})/, (y) => String(Number(y) + 1)));
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(desk(page).getByText('No bookings match your criteria.')).toBeVisible();

  // Model stays disabled until a make is chosen.
  await expect(search.getByLabel('Model')).toBeDisabled();
  await search.getByLabel('Make').selectOption('Toyota');
  await expect(search.getByLabel('Model')).toBeEnabled();
  await search.getByLabel('Model').selectOption('Camry');
  await search.getByLabel('From date').fill(date);
  await search.getByLabel('Customer name').fill(second);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(deskCard(page, second)).toBeVisible();
  await expect(deskCards(page)).toHaveCount(1);

  await search.getByRole('button', { name: 'Clear' }).click();
  await expect(deskCard(page, first)).toBeVisible();
  await expectAccessible();
});

test("'Show 5 More' adds five bookings at a time", async ({ page, admin, signIn, book }) => {
  const date = deskDate(2);
  const name = uniqueName('Morecount');
  // Seven 15-minute jobs an hour apart: one van, a 30-minute drive after each.
  for (const time of ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00'])
    await book({ date, time, clientLastName: name, duration: 15 });

  await signIn(admin);
  await openDesk(page);
  await searchCustomer(page, name);
  await expect(deskCards(page)).toHaveCount(5);
  await expect(desk(page).getByText('Showing 5 of 7 matching bookings')).toBeVisible();
  // Newest first: the same day, the latest time on top.
  await expect(deskCards(page).first()).toContainText('3:00 PM');

  await desk(page).getByRole('button', { name: 'Show 5 More' }).click();
  await expect(deskCards(page)).toHaveCount(7);
  await expect(desk(page).getByRole('button', { name: 'Show 5 More' })).toBeHidden();
  // The keyboard continues at the first card just shown.
  await expect(deskCards(page).nth(5).getByRole('heading')).toBeFocused();
});

test('a status change and a progress note stay after a reload, with the audit trail', async ({
  page,
  request,
  admin,
  signIn,
  book,
  expectAccessible,
}) => {
  const name = uniqueName('Statuskeep');
  await book({ date: deskDate(3), time: '10:00', clientLastName: name });

  await signIn(admin);
  await openDesk(page);
  await searchCustomer(page, name);
  const card = deskCard(page, name);
  await expect(card.getByLabel('Status')).toHaveValue('Pending Verification');
  // No progress note outside Pending and Confirmed.
  await expect(card.getByLabel('Service progress')).toBeHidden();

  await card.getByLabel('Status').selectOption('Confirmed');
  await expect(card.getByLabel('Status')).toBeEnabled();
  await expect(card.getByLabel('Service progress')).toBeVisible();
  await card.getByLabel('Service progress').fill('Technician booked, parts ordered');
  await card.getByRole('button', { name: 'Save Progress' }).click();
  await expect(card.getByText('Progress saved.')).toBeVisible();
  await expectAccessible();

  await page.reload();
  await expect(desk(page).getByText('Loading bookings...')).toBeHidden();
  await searchCustomer(page, name);
  await expect(card.getByLabel('Status')).toHaveValue('Confirmed');
  await expect(card.getByLabel('Service progress')).toHaveValue('Technician booked, parts ordered');
  await card.getByText(/Status history/).click();
  await expect(card.getByText('Pending Verification → Confirmed by Shop Admin (admin)')).toBeVisible();

  // Cancelled leaves the active list on the next load; the card stays until then so a slip can be undone.
  await card.getByLabel('Status').selectOption('Cancelled');
  await expect(card.getByLabel('Status')).toHaveValue('Cancelled');
  await expect(card.getByLabel('Service progress')).toBeHidden();
  const [stored] = await bookingsNamed(request, admin, name);
  expect(stored?.status).toBe('Cancelled');
  await page.reload();
  await searchCustomer(page, name);
  await expect(desk(page).getByText('No bookings match your criteria.')).toBeVisible();
});
