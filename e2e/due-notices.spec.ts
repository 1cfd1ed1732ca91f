import { expect, test } from './fixtures';
import { bookTheTime, dateWithTimes } from './helpers/booking-page';
import { bookThroughApi, setStatusThroughApi } from './helpers/bookings';
import { auth, waitForMail } from './helpers/session';
import * as time from '@app/core/time';
import { runJob } from './helpers/jobs';

/**
 * "Your car is due" (issue 34, decision 124): the customer agrees to due
 * reminders in Account Settings (an unticked box with the exact wording); a
 * job of a service with a due rule is completed for their garage vehicle; the
 * scheduled job at a moved clock (as `npm run cron -- <instant>` does) sends
 * the notice, and its Book link opens the booking page with the service and
 * the address chosen, and books.
 */
test('a job completed with a due rule yields a due notice at a moved clock, and its link books', async ({
  page,
  request,
  admin,
  customerWithCardSignedIn: customer,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  // A service that comes due every 90 days (made by the admin, as Service Manager does).
  const services = (await (await request.get('/api/services')).json()) as Record<string, unknown>[];
  const { _id: _seeded, ...oil } = services.find((s) => s.name === 'Mobile Oil Change')!;
  const made = await request.post('/api/services', {
    headers: auth(admin),
    data: { ...oil, name: `Oil Change ${Date.now()}`, due: { everyDays: 90, remindDaysAhead: 7 } },
  });
  expect(made.status(), await made.text()).toBe(201);
  const service = (await made.json()) as { _id: string; name: string };

  // Account Settings: the box is unticked until the customer ticks it.
  await page.goto('/dashboard?tab=account');
  const due = page.getByRole('group', { name: 'When your vehicle is due' });
  const box = due.getByLabel(/may e-mail me when my vehicle is due/);
  await expect(box).not.toBeChecked();
  await expect(due.getByRole('button', { name: 'Remind Me' })).toBeDisabled();
  await box.check();
  await due.getByRole('button', { name: 'Remind Me' }).click();
  await expect(page.getByText('Your choice about due reminders is saved.')).toBeVisible();
  await expect(due.getByRole('button', { name: 'Stop these emails' })).toBeVisible();
  await expectAccessible();

  // The garage vehicle (the garage's own API comes with its branch; written through core meanwhile).
  const { Garage, GarageDue } = await import('@app/core/garage/index');
  const { entity: bookings } = await import('@app/core/booking/store');
  const { garageVehicle } = await import('../tests/garage-fixtures');
  const vehicle = garageVehicle(customer.user._id, { make: 'Honda', model: 'Civic' });
  const vehicleId = vehicle.id;
  await Garage.vehicle.put(vehicle);
  const job = await bookThroughApi(request, customer, service.name);
  const stored = await bookings.get({ id: job._id }, { consistent: true });
  await bookings.put({ ...stored!, vehicleId });
  await setStatusThroughApi(request, admin, job._id, { status: 'Completed' });

  const [item] = await GarageDue.dueOf(vehicleId);
  expect(item).toMatchObject({ state: 'open', serviceId: service._id, by: 'days' });
  // Noon of the notice's day: after it is due, and in daytime whatever this process's settings say.
  const noon = time.instantOf(time.localOf(item!.nextAt!).date, '12:00');
  expect(await runJob('vehicle-due', noon)).toMatchObject({ sent: 1 });
  const mail = await waitForMail(request, customer.email, (m) =>
    m.subject.startsWith(`Your 2019 Honda Civic is due for ${service.name}`),
  );
  const link = new RegExp(`/book/${service._id}\\?vehicle=${vehicleId}[^\\s]*`).exec(mail.text)?.[0];
  expect(link, 'the Book link in the notice').toBeTruthy();

  // The link: the service's times at the customer's address, then the booking.
  const { date, free } = await dateWithTimes(request, service._id, time.addDays(time.today(), 3), 1);
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: `Book ${service.name}` })).toBeVisible();
  await expectAccessible();
  // The link's vehicle is picked: its fields are not asked again.
  await bookTheTime(page, date, free[0]!, 'Blue 2019 Honda Civic');
  // The catalogue is left as seeded for the worker's other specs (site-header counts its cards).
  expect((await request.delete(`/api/services/${service._id}`, { headers: auth(admin) })).status()).toBe(200);
});
