import { addDays, formatTime, today } from '@app/core/time';
import { expect, test as base } from './fixtures';
import { chooseDay, dateWithTimes, fillVehicle, timeButton } from './helpers/booking-page';
import { cancelThroughApi } from './helpers/admin-desk-page';
import { auth } from './helpers/session';

/**
 * Price and time by vehicle class, and add-ons (issue 34, decision 122): the
 * admin's service prices a truck as a truck; the customer chooses the class
 * and an add-on in the service step, sees the total and the length, and books
 * the job at that price and length. The service, the add-on and the booking
 * are the test's own (made through the API, removed after it).
 */
const test = base.extend<{ truckDetail: { serviceId: string; addOnId: string } }>({
  truckDetail: async ({ request, admin }, use) => {
    const headers = auth(admin);
    const addOn = await request.post('/api/add-ons', {
      headers,
      data: { name: 'Pet hair', price: 39.5, duration: 25 },
    });
    expect(addOn.status()).toBe(201);
    const { _id: addOnId } = (await addOn.json()) as { _id: string };
    const rate = (price: number, duration: number) => ({ price, duration });
    const service = await request.post('/api/services', {
      headers,
      data: {
        name: `Class Detail ${crypto.randomUUID().slice(0, 6)}`,
        description: 'Inside and out, priced by the size of the vehicle.',
        price: 149,
        duration: 90,
        availableDays: [],
        availableTimes: ['08:00', '12:00'],
        byClass: {
          compact: rate(149, 90),
          sedan: rate(159, 100),
          suv: rate(189, 120),
          truck: rate(219, 150),
          van: rate(209, 140),
        },
        addOnIds: [addOnId],
      },
    });
    expect(service.status()).toBe(201);
    const { _id: serviceId } = (await service.json()) as { _id: string };
    await use({ serviceId, addOnId });
    await request.delete(`/api/services/${serviceId}`, { headers });
    await request.delete(`/api/add-ons/${addOnId}`, { headers });
  },
});

test('a truck detail with an add-on is booked at the truck’s price and length', async ({
  page,
  request,
  admin,
  customerWithCardSignedIn: customer,
  truckDetail,
  expectAccessible,
}) => {
  test.setTimeout(90_000);
  const { serviceId, addOnId } = truckDetail;
  const job = { vehicleClass: 'truck', addOns: addOnId };
  const { date, free } = await dateWithTimes(request, serviceId, addDays(today(), 2), 1, job);
  const chosen = free[0] as string;

  await page.goto(`/book/${serviceId}`);
  const summary = page.getByRole('region', { name: 'Service details' });
  await expect(summary).toContainText('From $149.00');
  await chooseDay(page, date);
  // The times wait for the class: their length depends on it.
  await expect(page.getByText('Choose your vehicle class (above) to see the available times.')).toBeVisible();
  await page.getByLabel('Vehicle class').selectOption('truck');
  await page.getByLabel(/Pet hair/).check();
  await expect(summary).toContainText('$258.50');
  await expect(summary).toContainText('2 hours 55 minutes');
  await expect(page).toHaveURL(new RegExp(`vehicleClass=truck&addOns=${addOnId}`));
  await expectAccessible();
  await timeButton(page, chosen).click();

  await expect(page.getByRole('heading', { name: 'Confirm Your Booking' })).toBeVisible();
  const appointment = page.getByRole('region', { name: 'Your Appointment' });
  await expect(appointment).toContainText('Truck');
  await expect(appointment).toContainText('Pet hair (+$39.50)');
  await expect(appointment).toContainText('$258.50');
  await expect(appointment).toContainText('2 hours 55 minutes');
  await expect(appointment).toContainText(formatTime(chosen));
  await fillVehicle(page);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByRole('button', { name: 'Booked!' })).toBeDisabled();
  await expectAccessible();

  const mine = (await (await request.get('/api/bookings', { headers: auth(customer) })).json()) as {
    _id: string;
    servicePrice: number;
    duration: number;
    vehicleClass: string;
    addOns: { name: string }[];
  }[];
  const booked = mine.find((b) => b.duration === 175);
  expect(booked).toMatchObject({
    servicePrice: 258.5,
    vehicleClass: 'truck',
    addOns: [{ name: 'Pet hair' }],
  });
  if (booked) await cancelThroughApi(request, admin, booked._id);
});
