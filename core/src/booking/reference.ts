/**
 * A booking's short reference (issue 30, decision 100): what a person reads,
 * says on the phone or types, in place of the raw id (`bkg_01JD...`). Derived
 * from the id alone, so every place computes the same one with no stored
 * field or counter: the last eight characters of its ULID (the random part,
 * Crockford base32, without I, L, O or U), in two groups of four:
 * `bkg_01KB7Q2M3ZQ8D5VX4T6N9RJ0HC` → `6N9R-J0HC`.
 * Forty random bits: two of a shop's bookings share one about once in a
 * million pairs, and the desk finds a booking by its customer anyway.
 *
 * Dependency-free: the browser imports it. Ids are for machines (keys, the
 * calendar file's UID, links); this is for people.
 */
export function bookingReference(id: string): string {
  const tail = id
    .replace(/^[a-z]+_/, '')
    .replace(/[^0-9A-Za-z]/g, '')
    .toUpperCase()
    .slice(-8)
    .padStart(8, '0');
  return `${tail.slice(0, 4)}-${tail.slice(4)}`;
}
