/**
 * The calls the benches make on a running local stack as its users would: the seeded admin signs in,
 * makes a service of the bench's own, and customers book it with the bench's client and vehicle.
 */

const json = { 'content-type': 'application/json' };

/** The seeded admin's token (`npm start` seeds admin@example.com). */
export async function adminToken(url: string): Promise<string> {
  const login = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin-password' }),
  });
  return ((await login.json()) as { token: string }).token;
}

/** A service of the bench's own, bookable every day at `availableTimes`; its id. */
export async function createService(
  url: string,
  service: { name: string; description: string; price: number; duration: number; availableTimes: string[] },
): Promise<string> {
  const created = await fetch(`${url}/api/services`, {
    method: 'POST',
    headers: { ...json, 'x-auth-token': await adminToken(url) },
    body: JSON.stringify({ ...service, availableDays: [] }),
  });
  if (created.status !== 201) throw new Error(`creating the bench service answered ${created.status}`);
  return ((await created.json()) as { _id: string })._id;
}

/** `HH:mm`, `i` steps of `stepMinutes` after `startHour`:00. */
export function clockTime(startHour: number, stepMinutes: number, i: number): string {
  const minutes = startHour * 60 + i * stepMinutes;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** `POST /api/bookings` as `token`, for the bench's client and car; its status, the reply read. */
export async function book(
  url: string,
  token: string,
  booking: { clientLastName: string; serviceId: string; date: string; time: string } & Record<
    string,
    unknown
  >,
): Promise<number> {
  const response = await fetch(`${url}/api/bookings`, {
    method: 'POST',
    headers: { ...json, 'x-auth-token': token },
    body: JSON.stringify({
      clientFirstName: 'Bench',
      vehicleMake: 'Honda',
      vehicleModel: 'Civic',
      vehicleYear: 2018,
      vehicleColor: 'Silver',
      notes: '',
      ...booking,
    }),
  });
  await response.arrayBuffer();
  return response.status;
}
