/**
 * A service address as the web's address form holds it (issue 20): the shop's
 * own street in West Chester, no unit and no access notes. The web's unit tests
 * start from it and change what they test.
 */
export const westChesterHome = {
  street: '12 Gay St',
  unit: '',
  city: 'West Chester',
  state: 'PA',
  zipCode: '19380',
  accessNotes: '',
};
