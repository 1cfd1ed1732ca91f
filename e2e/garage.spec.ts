import { addDays, today } from '@app/core/time';
import type { TechDayReply } from '../functions/src/api/tech';
import { seedTechnicians } from '../functions/src/local/seed';
import { expect, test } from './fixtures';
import { chooseDay, dateWithTimes, fillPhoneIfAsked, serviceNamed, timeButton } from './helpers/booking-page';
import { auth } from './helpers/session';

/**
 * The garage (issue 34): a customer adds a vehicle by its VIN in Account Settings (looked up
 * through the vPIC stand-in: a 2019 Ford F-150, a truck), books with it, and the job's technician
 * sees the vehicle's history on /tech before the visit.
 */

const VIN = '1FTEW1E56KFA12345';

test('a customer adds a vehicle by VIN, books with it; the technician sees its history on /tech', async ({
  page,
  request,
  browser,
  admin,
  customerWithCard,
  signIn,
  expectAccessible,
}) => {
  test.slow();
  await signIn(customerWithCard);
  await page.goto('/dashboard?tab=account');
  const garage = page.getByRole('region', { name: 'Vehicles' });
  await expect(garage.getByText('No vehicles yet. Add the first one below.')).toBeVisible();
  await garage.getByRole('button', { name: 'Add a Vehicle' }).click();
  await garage.getByLabel('VIN (optional)').fill(VIN.toLowerCase());
  await garage.getByRole('button', { name: 'Look Up VIN' }).click();
  await expect(garage.getByText('Found a 2019 Ford F-150 (Pickup).')).toBeVisible();
  await expect(garage.getByLabel('Make')).toHaveValue('Ford');
  await expect(garage.getByLabel('Vehicle class')).toHaveValue('truck');
  await garage.getByLabel('Color (optional)').fill('Red');
  await garage.getByLabel('Mileage (optional)').fill('41000');
  await expectAccessible();
  await garage.screenshot({ path: test.info().outputPath('garage-form-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await garage.screenshot({ path: test.info().outputPath('garage-form-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await garage.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(garage.getByText('Added Red 2019 Ford F-150.')).toBeVisible();
  await expect(garage.getByRole('list', { name: 'Your vehicles' })).toContainText(`Truck · VIN ${VIN}`);
  await garage.getByRole('button', { name: /History of/ }).click();
  await expect(garage.getByText('No visits yet.')).toBeVisible();
  await garage.screenshot({ path: test.info().outputPath('garage-list-1280.png') });

  // Booking: the garage's vehicle is offered; picked, its fields are the booking's.
  const service = await serviceNamed(request, 'Headlight Restoration');
  const { date, free } = await dateWithTimes(request, service._id, addDays(today(), 2), 1);
  await page.goto(`/book/${service._id}?date=${date}`);
  await chooseDay(page, date);
  await timeButton(page, free[0] as string).click();
  await expect(page.getByRole('heading', { name: 'Confirm Your Booking' })).toBeVisible();
  await page.getByLabel('Your vehicle').selectOption({ label: 'Red 2019 Ford F-150' });
  await expect(page.getByLabel('Make')).toHaveCount(0);
  await fillPhoneIfAsked(page);
  await page.getByLabel(/I agree to the/).check();
  await expectAccessible();
  await page.locator('form.booking-form').screenshot({ path: test.info().outputPath('booking-vehicle.png') });
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByRole('button', { name: 'Booked!' })).toBeDisabled();
  const mine = await request.get('/api/bookings', { headers: auth(customerWithCard) });
  const booked = ((await mine.json()) as { _id: string; vehicleMake: string; vehicleModel: string }[]).find(
    (b) => b.vehicleModel === 'F-150',
  );
  expect(booked).toMatchObject({ vehicleMake: 'Ford' });

  // The job's technician (one of the seeded two) opens that day on the phone: the vehicle's history.
  let holder: (typeof seedTechnicians)[number] | undefined;
  for (const t of seedTechnicians) {
    const day = await request.get(`/api/tech/day?date=${date}&technician=${t.number}`, {
      headers: auth(admin),
    });
    if (((await day.json()) as TechDayReply).jobs.some((job) => job._id === booked?._id)) holder = t;
  }
  if (!holder) throw new Error('The booking is on no seeded technician’s day');
  const login = await request.post('/api/users/login', {
    data: { email: holder.email, password: holder.password },
  });
  const { token } = (await login.json()) as { token: string };
  const phone = await browser.newContext({
    baseURL: test.info().project.use.baseURL ?? new URL(page.url()).origin,
    viewport: { width: 390, height: 844 },
  });
  await phone.addInitScript((value) => localStorage.setItem('token', value), token);
  const tech = await phone.newPage();
  await tech.goto(`${new URL(page.url()).origin}/tech?date=${date}`);
  const card = tech.getByRole('article', { name: new RegExp(service.name) }).filter({ hasText: 'F-150' });
  await card.getByRole('button', { name: 'Vehicle history' }).click();
  const history = card.getByRole('region', { name: /Vehicle history: Red 2019 Ford F-150/ });
  await expect(history.getByText(`VIN ${VIN}`)).toBeVisible();
  await expect(history.getByRole('listitem').first()).toContainText(`Visit: ${service.name}`);
  await tech.screenshot({ path: test.info().outputPath('tech-history.png'), fullPage: true });
  await phone.close();
});
