/**
 * What the desk's Create Custom Booking form sends (doc 2 §5), for the API
 * tests, the route table and the browser tests alike. Plain data: no import,
 * so a Playwright process can use it without loading the API.
 */

/** The client and vehicle of a booking taken by phone: Pat Phoner's silver 2017 Toyota Camry. */
export const phoneClient = {
  clientFirstName: 'Pat',
  clientLastName: 'Phoner',
  vehicleMake: 'Toyota',
  vehicleModel: 'Camry',
  vehicleYear: 2017,
  vehicleColor: 'Silver',
  notes: 'Called the shop.',
  // Issue 20: a custom booking takes the job's address (West Chester, inside the default area).
  serviceAddress: { street: '200 N Church St', city: 'West Chester', state: 'PA', zipCode: '19380' },
};

/** A valid custom booking ('Headlight restoration', $89.50, 60 minutes) at `date` `at`; the overrides win. */
export function customBookingBody(date: string, at = '10:00', overrides: Record<string, unknown> = {}) {
  return {
    isCustomService: true,
    customServiceName: 'Headlight restoration',
    customServicePrice: 89.5,
    date,
    time: at,
    duration: 60,
    ...phoneClient,
    ...overrides,
  };
}
