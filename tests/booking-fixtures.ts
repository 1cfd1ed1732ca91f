/**
 * Who the test customer books as, and for what: Casey Tester's blue 2019 Honda Civic. The browser
 * specs book with it (e2e/helpers/bookings.ts) and the web's unit tests show it; no imports, so the
 * web's tests may take it as they take tests/address-fixtures.
 */
export const caseysCivic = {
  clientFirstName: 'Casey',
  clientLastName: 'Tester',
  vehicleMake: 'Honda',
  vehicleModel: 'Civic',
  vehicleYear: 2019,
  vehicleColor: 'Blue',
  notes: '',
};
