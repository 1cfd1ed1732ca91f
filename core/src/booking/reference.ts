/**
 * A booking's short reference (issue 30): what a person reads and says instead of the raw id
 * (`bkg_01JD…`): the last six characters of its ULID's random part, upper case ("7Q2M4X"). Pure,
 * browser-safe. About a billion values: a shop's bookings never meet twice in practice, and where
 * a reference must name one booking for sure (the desk), the id stays beside it.
 */
export function bookingReference(bookingId: string): string {
  return bookingId.replace(/^bkg_/, '').slice(-6).toUpperCase();
}
