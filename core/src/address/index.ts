/**
 * Service addresses (issue 20, decision 067): the request's fields
 * (input.ts), how a booking stores one (stored.ts), a customer's saved
 * addresses (saved.ts) and the one-line form and Directions link
 * (format.ts, which the browser imports directly).
 */
export * as SavedAddress from './saved';
export { type Address, AddressInput } from './input';
export { type Location, StoredAddress } from './stored';
export { directionsUrl, oneLine } from './format';
