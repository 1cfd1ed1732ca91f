import type { APIRequestContext, Download, Locator, Page } from '@playwright/test';
import { expect, test, expectConsoleErrors } from './fixtures';
import { adminCreateThroughApi } from './helpers/admin-bookings';
import { drawSignature } from './helpers/signature';
import { cancelThroughApi, deskCard, openDesk, searchCustomer, uniqueName } from './helpers/admin-desk-page';
import { linkInMail, uniqueEmail, waitForMail } from './helpers/session';

/**
 * Work orders (issue 13; doc 2 §2, §4, §5, §8, §9): an admin writes one with
 * labor and parts and sees the totals as they type, saves it, downloads its
 * PDF, emails it and sends the acknowledgment link; the customer opens the
 * link from the mail, signs with the mouse and acknowledges; the manager shows
 * it; the portal gives the same PDF for the customer's email and the 404 text
 * for another. Every work order a test makes is deleted after it.
 */

// Every test here sets up through the API, then drives several views, mails and downloads.
test.describe.configure({ timeout: 90_000 });

type Account = { token: string };
const auth = (account: Account) => ({ 'x-auth-token': account.token });

/** Work orders this test made, by number: deleted through the API afterwards. */
async function deleteByNumber(request: APIRequestContext, admin: Account, number: string) {
  const response = await request.get(`/api/workOrders?search=${encodeURIComponent(number)}&limit=20&skip=0`, {
    headers: auth(admin),
  });
  if (!response.ok()) return;
  const { workOrders } = (await response.json()) as {
    workOrders: { _id: string; workOrderNumber: string }[];
  };
  for (const order of workOrders.filter((item) => item.workOrderNumber === number)) {
    await request.delete(`/api/workOrders/${order._id}`, { headers: auth(admin) });
  }
}

/**
 * A work order written through the API as `admin` (status pending_approval): 1.5 hours of labor at
 * $75.00, two brake pads at $45.50 and a quarter hour at $99.99, tax 0.08: $246.78 in all.
 */
async function createThroughApi(
  request: APIRequestContext,
  admin: Account,
  name: string,
  email: string,
  relatedBooking: string | null = null,
) {
  const response = await request.post('/api/workOrders', {
    headers: auth(admin),
    data: {
      customer: {
        name,
        email,
        phone: '(610) 555-0199',
        address: { street: '', city: '', state: '', zipCode: '' },
      },
      vehicle: {
        year: 2019,
        make: 'Honda',
        model: 'Civic',
        vin: '1HGBH41JXMN109186',
        licensePlate: 'PA-1234',
        mileage: null,
        color: 'Blue',
      },
      serviceDetails: {
        description: 'Replace front brake pads',
        customerComplaints: 'Squealing when braking',
        diagnosis: '',
        workPerformed: '',
        recommendations: '',
      },
      laborItems: [
        { description: 'Diagnose brakes', hours: 1.5, hourlyRate: 75 },
        { description: 'Fit pads', hours: 0.25, hourlyRate: 99.99 },
      ],
      partItems: [{ partNumber: 'BP-100', description: 'Brake pads (front)', quantity: 2, unitPrice: 45.5 }],
      pricing: { taxRate: 0.08 },
      status: 'pending_approval',
      scheduledDate: null,
      internalNotes: '',
      customerNotes: '',
      relatedBooking,
    },
  });
  expect(response.status(), `POST /api/workOrders: ${await response.text()}`).toBe(201);
  return (await response.json()) as { _id: string; workOrderNumber: string };
}

const panel = (page: Page): Locator => page.getByRole('region', { name: 'Work Orders' });
const row = (page: Page, number: string): Locator =>
  panel(page).getByRole('article', { name: new RegExp(number) });

/** The bytes of a download, to check it is a PDF. */
async function bytesOf(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

test('write a work order with labor and parts, live totals, save, download the PDF, email it, set its status', async ({
  page,
  request,
  adminSignedIn: admin,
  expectAccessible,
}) => {
  const customerName = `Pat ${uniqueName('Lee')}`;
  const email = uniqueEmail('wo');
  let number = '';
  try {
    await page.goto('/admin?section=work-orders');
    await panel(page).getByRole('button', { name: 'New Work Order' }).click();
    const form = panel(page).getByRole('form', { name: 'New Work Order' });

    // The required fields are checked before anything is sent (doc 2 §5).
    await form.getByRole('button', { name: 'Create Work Order' }).click();
    await expect(form.getByText('Customer name is required.')).toBeVisible();
    await expect(form.getByText('Service description is required.')).toBeVisible();
    // Email and Acknowledgment need the customer's email.
    await expect(form.getByRole('button', { name: 'Email to Customer' })).toBeDisabled();
    await expect(form.getByRole('button', { name: 'Send Acknowledgment Link' })).toBeDisabled();

    const customer = form.getByRole('group', { name: 'Customer' });
    await customer.getByLabel('Name').fill(customerName);
    await customer.getByLabel('Email').fill(email);
    await customer.getByLabel('Phone').fill('(610) 555-0199');
    await expect(form.getByRole('button', { name: 'Email to Customer' })).toBeEnabled();
    const vehicle = form.getByRole('group', { name: 'Vehicle' });
    await vehicle.getByLabel('Year').fill('2019');
    await vehicle.getByLabel('Make').fill('Honda');
    await vehicle.getByLabel('Model').fill('Civic');
    await vehicle.getByLabel('VIN').fill('1HGBH41JXMN109186');
    await vehicle.getByLabel('License plate').fill('PA-1234');
    await form.getByLabel('Service description').fill('Replace front brake pads');
    await form.getByLabel('Customer complaints').fill('Squealing when braking');

    // One labor line at the shop's rate is there from the start (doc 2 §9: $75.00, tax 0.08).
    const labor = form.getByRole('group', { name: 'Labor' });
    await expect(labor.getByLabel('Rate ($/hour)')).toHaveValue('75.00');
    await expect(form.getByLabel(/Tax rate/)).toHaveValue('0.08');
    await labor.getByLabel('Labor 1 description').fill('Diagnose brakes');
    await labor.getByLabel('Hours').fill('1.5');
    await expect(labor.getByRole('listitem').nth(0)).toContainText('$112.50');
    await labor.getByRole('button', { name: 'Add Labor' }).click();
    await labor.getByLabel('Labor 2 description').fill('Fit pads');
    await labor.getByLabel('Hours').nth(1).fill('0.25');
    await labor.getByLabel('Rate ($/hour)').nth(1).fill('99.99');
    // 0.25 × $99.99 = $24.9975: a half cent or more rounds up.
    await expect(labor.getByRole('listitem').nth(1)).toContainText('$25.00');
    const parts = form.getByRole('group', { name: 'Parts' });
    await parts.getByRole('button', { name: 'Add Part' }).click();
    await parts.getByLabel('Part 1 number').fill('BP-100');
    await parts.getByLabel('Part 1 description').fill('Brake pads (front)');
    await parts.getByLabel('Quantity').fill('2');
    await parts.getByLabel('Unit price ($)').fill('45.50');
    // A part line added and removed again counts for nothing.
    await parts.getByRole('button', { name: 'Add Part' }).click();
    await parts.getByLabel('Unit price ($)').nth(1).fill('1000');
    await parts.getByRole('button', { name: 'Remove part 2' }).click();

    await expect(form.locator('.wo-totals')).toContainText('Labor subtotal$137.50');
    await expect(form.locator('.wo-totals')).toContainText('Parts subtotal$91.00');
    await expect(form.locator('.wo-totals')).toContainText('Subtotal$228.50');
    // $228.50 × 0.08 = $18.28.
    await expect(form.locator('.wo-totals')).toContainText('Tax (8.0%)$18.28');
    await expect(form.locator('.wo-totals')).toContainText('Total$246.78');
    await expectAccessible();

    await form.getByRole('button', { name: 'Create Work Order' }).click();
    const created = panel(page).getByText(/Work order WO-\d{4}-\d{4,} created\./);
    await expect(created).toBeVisible();
    number = /WO-\d{4}-\d{4,}/.exec((await created.textContent()) ?? '')?.[0] ?? '';
    expect(number).not.toBe('');
    const card = row(page, number);
    await expect(card).toContainText(customerName);
    await expect(card).toContainText('$246.78');
    await expect(card).toContainText('Not emailed');
    await expect(card.getByLabel('Status')).toHaveValue('draft');

    // The PDF, saved as WorkOrder-{number}.pdf (doc 2 §7).
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: `PDF of ${number}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`WorkOrder-${number}.pdf`);
    expect((await bytesOf(download)).subarray(0, 4).toString('latin1')).toBe('%PDF');

    // Email it: marked sent, and the customer has the mail.
    await card.getByRole('button', { name: `Email ${number}` }).click();
    await expect(panel(page).getByText(`Work order ${number} emailed to ${email}.`)).toBeVisible();
    await expect(card).toContainText(/Emailed .*\d{4}/);
    await waitForMail(request, email, (mail) => mail.subject.includes(number) || mail.text.includes(number));

    // The status select sets any status directly, coloured as doc 2 §4.
    await card.getByLabel('Status').selectOption('pending_approval');
    await expect(panel(page).getByText(`${number} is now Pending Approval.`)).toBeVisible();
    await expect(card.getByLabel('Status')).toHaveClass(/wo-status--pending_approval/);
    await expectAccessible();
  } finally {
    if (number) await deleteByNumber(request, admin, number);
  }
});

test('acknowledge from the mailed link with a drawn signature; the manager shows it; the portal gives the PDF', async ({
  page,
  request,
  adminSignedIn: admin,
  expectAccessible,
}) => {
  // The used link (400), the refused second link (400) and the portal's wrong email (404) are logged by the browser.
  expectConsoleErrors('400 (Bad Request)', '404 (Not Found)');
  const customerName = `Pat ${uniqueName('Lee')}`;
  const email = uniqueEmail('wo');
  // The work order is written through the API (the test before writes one through the form).
  const { _id: id, workOrderNumber: number } = await createThroughApi(request, admin, customerName, email);
  try {
    await page.goto('/admin?section=work-orders');
    await panel(page).getByLabel('Search', { exact: true }).fill(number);
    await panel(page).getByRole('button', { name: 'Search' }).click();
    const card = row(page, number);
    await expect(card).toContainText('Acknowledgment not requested');

    // The acknowledgment link, mailed to the customer.
    await card.getByRole('button', { name: `Acknowledgment Link for ${number}` }).click();
    await expect(
      panel(page).getByText(new RegExp(`Acknowledgment link for ${number} sent to`)),
    ).toBeVisible();
    await expect(card).toContainText('Awaiting acknowledgment');
    const link = await linkInMail(request, email, 'work-order/acknowledge');
    expect(link).not.toBe('');

    // The customer opens it from the mail.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Work Order Acknowledgment' })).toBeVisible();
    await expect(page.getByText(`Work Order ${number}`)).toBeVisible();
    await expect(page.getByText('PENDING APPROVAL', { exact: true })).toBeVisible();
    await expect(page.getByText('2019 Honda Civic · VIN: 1HGBH41JXMN109186 · Plate: PA-1234')).toBeVisible();
    await expect(page.getByText('Squealing when braking')).toBeVisible();
    await expect(page.getByText('1.5 hours at $75.00 per hour')).toBeVisible();
    await expect(page.getByText('2 at $45.50 each')).toBeVisible();
    await expect(page.getByText('Tax (8.0%)')).toBeVisible();
    await expect(page.getByText('$246.78')).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveValue(customerName);
    await expect(page.getByLabel('Email address')).toHaveValue(email);

    // Ticked, the pad must not be empty (doc 2 §5).
    await page.getByLabel('Include digital signature').check();
    await page.getByRole('button', { name: '✓ Acknowledge Work Order' }).click();
    await expect(page.getByText('Please provide your digital signature.')).toBeVisible();
    await expect(page.getByText('Sign above using your mouse or touch screen')).toBeVisible();
    await expectAccessible();

    // Sign with the mouse.
    const pad = page.getByRole('img', { name: /Signature pad/ });
    await drawSignature(page, pad);
    await expect(page.getByText('Please provide your digital signature.')).toBeHidden();
    await page.getByRole('button', { name: '✓ Acknowledge Work Order' }).click();
    await expect(page.getByRole('heading', { name: 'Work Order Acknowledged Successfully!' })).toBeVisible();
    await expect(page.getByText(`Work Order ${number}`)).toBeVisible();
    await expect(page.getByText('You will receive a confirmation email shortly.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print This Page' })).toBeVisible();

    // The link is used up.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Unable to Load Work Order' })).toBeVisible();
    await expect(page.getByText('This work order has already been acknowledged.')).toBeVisible();

    // The manager shows it acknowledged, with the signature; a new link is refused with the date.
    await page.goto('/admin?section=work-orders');
    await panel(page).getByLabel('Search', { exact: true }).fill(number);
    await panel(page).getByRole('button', { name: 'Search' }).click();
    await expect(row(page, number)).toContainText(
      new RegExp(`Acknowledged by ${customerName} on .*\\(signed\\)`),
    );
    await row(page, number)
      .getByRole('button', { name: `Acknowledgment Link for ${number}` })
      .click();
    await expect(panel(page).getByText(/already been acknowledged on .*\d{4}/)).toBeVisible();

    // The portal: both fields, a wrong email, then the customer's email in other letters' case.
    await page.goto('/work-order-portal');
    await expect(page).toHaveTitle(/Work Order Portal/);
    await page.getByRole('button', { name: 'Download Work Order' }).click();
    await expect(page.getByText('Please enter both work order number and email address')).toBeVisible();
    await page.getByLabel('Work order number').fill(number);
    await page.getByLabel('Email address').fill(uniqueEmail('someone-else'));
    await page.getByRole('button', { name: 'Download Work Order' }).click();
    await expect(page.getByText('Work order not found or email does not match our records')).toBeVisible();
    await page.getByLabel('Email address').fill(email.toUpperCase());
    const [portalDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Work Order' }).click(),
    ]);
    expect(portalDownload.suggestedFilename()).toBe(`WorkOrder-${number}.pdf`);
    expect((await bytesOf(portalDownload)).subarray(0, 4).toString('latin1')).toBe('%PDF');
    await expect(page.getByText('Work order downloaded successfully!')).toBeVisible();
    await expectAccessible();
  } finally {
    await request.delete(`/api/workOrders/${id}`, { headers: auth(admin) });
  }
});

test('Create Work Order from a booking card fills in the customer, vehicle and service; delete it', async ({
  page,
  request,
  adminSignedIn: admin,
  expectAccessible,
}) => {
  const lastName = uniqueName('Orderly');
  const booking = await adminCreateThroughApi(request, admin, {
    clientFirstName: 'Robin',
    clientLastName: lastName,
    customServiceName: 'Headlight restoration',
    vehicleYear: 2017,
    vehicleMake: 'Toyota',
    vehicleModel: 'Camry',
  });
  let number = '';
  try {
    await openDesk(page);
    await searchCustomer(page, lastName);
    await deskCard(page, lastName).getByRole('button', { name: 'Create Work Order' }).click();
    const desk = page.getByRole('region', { name: 'Manage Bookings' });
    await expect(desk.getByRole('heading', { name: 'Create Work Order' })).toBeFocused();
    const form = desk.getByRole('form', { name: 'Work order' });
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue(`Robin ${lastName}`);
    await expect(form.getByLabel('Year')).toHaveValue('2017');
    await expect(form.getByLabel('Make')).toHaveValue('Toyota');
    await expect(form.getByLabel('Model')).toHaveValue('Camry');
    await expect(form.getByLabel('Service description')).toHaveValue('Headlight restoration');
    await expect(form.getByLabel('Related booking')).toHaveValue(booking._id);
    await expectAccessible();

    // A booking not yet given to an account has no email or phone: the admin types them.
    await form.getByLabel('Email', { exact: true }).fill(uniqueEmail('robin'));
    await form.getByLabel('Phone', { exact: true }).fill('(610) 555-0123');
    await form.getByRole('button', { name: 'Create Work Order' }).click();
    const created = desk.getByText(/Work order WO-\d{4}-\d{4,} created\./);
    await expect(created).toBeVisible();
    number = /WO-\d{4}-\d{4,}/.exec((await created.textContent()) ?? '')?.[0] ?? '';
    await expect(desk.getByRole('heading', { name: 'Active Bookings' })).toBeVisible();

    // The work order manager sub-view lists it, linked to the booking.
    await desk.getByRole('button', { name: 'Work Orders' }).click();
    await expect(desk.getByRole('heading', { name: 'Work Orders', exact: true })).toBeFocused();
    await desk.getByLabel('Search', { exact: true }).fill(number);
    await desk.getByRole('button', { name: 'Search' }).click();
    const card = desk.getByRole('article', { name: new RegExp(number) });
    await expect(card).toContainText('Headlight restoration');
    const saved = (await (
      await request.get(`/api/workOrders?search=${number}`, { headers: auth(admin) })
    ).json()) as { workOrders: { relatedBooking: string | null }[] };
    expect(saved.workOrders[0]?.relatedBooking).toBe(booking._id);

    // Delete it, after the confirmation (the safe button has the focus).
    await card.getByRole('button', { name: `Delete ${number}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete work order' });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Delete Work Order' }).click();
    await expect(desk.getByText(`Work order ${number} deleted.`)).toBeVisible();
    await expect(desk.getByText('No work orders match your search.')).toBeVisible();
    await desk.getByRole('button', { name: 'Back to Bookings' }).click();
    await expect(desk.getByRole('heading', { name: 'Active Bookings' })).toBeVisible();
  } finally {
    if (number) await deleteByNumber(request, admin, number);
    await cancelThroughApi(request, admin, booking._id);
  }
});

test('a work order its booking’s charge paid says Paid, and offers no payment link', async ({
  page,
  request,
  adminSignedIn: admin,
  cardBooking,
  expectAccessible,
}) => {
  // Completed and charged (the booked price) away from the work order (cardBooking checks it paid): the
  // work order is paid with it.
  const done = await cardBooking('Headlight Restoration', { fromDay: 18, status: 'Completed' });
  const email = uniqueEmail('wo-paid');
  const { workOrderNumber: number } = await createThroughApi(request, admin, 'Paid Already', email, done._id);
  try {
    await page.goto('/admin?section=work-orders');
    const order = row(page, number);
    await expect(order).toBeVisible();
    await expect(order.locator('[data-payment-state]')).toHaveText('Paid');
    await expect(order.getByRole('button', { name: /Send payment link/ })).toHaveCount(0);
    await expectAccessible();
  } finally {
    await deleteByNumber(request, admin, number);
  }
});

test('staff record the customer’s answer by phone: the call, the lines, the live total; the panel shows the record', async ({
  page,
  request,
  adminSignedIn: admin,
  expectAccessible,
}) => {
  const { _id: id, workOrderNumber: number } = await createThroughApi(
    request,
    admin,
    'Phone Answer',
    uniqueEmail('wo-phone'),
  );
  try {
    // Two proposed lines through the API (issue 33): a cabin filter, and wipers in two options.
    for (const [description, group, unitPrice] of [
      ['Cabin filter', '', 30],
      ['Standard wipers', 'Wipers', 20],
      ['Premium wipers', 'Wipers', 40],
    ] as const) {
      const added = await request.post(`/api/workOrders/${id}/estimate/lines`, {
        headers: auth(admin),
        data: { description, group, hours: 0, parts: [{ description, quantity: 1, unitPrice }] },
      });
      expect(added.status(), await added.text()).toBe(201);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin?section=work-orders');
    await row(page, number)
      .getByRole('button', { name: `Edit ${number}` })
      .click();
    const estimate = panel(page).getByRole('region', { name: 'Estimate' });
    await estimate.getByRole('button', { name: 'Record the customer’s answer by phone' }).click();
    const call = estimate.getByRole('form', { name: 'The customer’s answer by phone' });
    await expect(call.getByLabel('Number called')).toHaveValue('(610) 555-0199');
    // Unanswered lines and no name: the form says so, nothing is sent.
    await call.getByRole('button', { name: 'Record the answer' }).click();
    await expect(call.getByText('Name of the person is required')).toBeVisible();
    await expect(
      call.getByText('Record an answer for each line and one choice of each option group.'),
    ).toBeVisible();
    await call.getByLabel('Who answered').fill('Pat Answer');
    const total = call.getByText(/Total with these answers/);
    await expect(total).toContainText('$246.78');
    await call
      .getByRole('group', { name: /Cabin filter/ })
      .getByLabel('Approve')
      .check();
    await call.getByRole('radio', { name: /Premium wipers/ }).check();
    await expect(total).toContainText('$322.38'); // ($228.50 + $30 + $40) × 1.08
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible();
    await call.screenshot({ path: test.info().outputPath('phone-approval-390.png') });
    await call.getByRole('button', { name: 'Record the answer' }).click();
    const record = estimate.getByRole('definition').first();
    await expect(record).toContainText('by phone');
    const shown = estimate.locator('.estimate-record');
    await expect(shown).toContainText('Pat Answer');
    await expect(shown).toContainText('(610) 555-0199');
    await expect(shown).toContainText('$322.38');
    await expect(estimate.getByText('Approved', { exact: true })).toHaveCount(2);
    await page.setViewportSize({ width: 1280, height: 900 });
    await estimate.screenshot({ path: test.info().outputPath('phone-approval-record-1280.png') });
  } finally {
    await deleteByNumber(request, admin, number);
  }
});
