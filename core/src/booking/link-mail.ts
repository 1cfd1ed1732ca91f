import type { MailBlock } from '../mail/compose';
import { BookingLink } from './link';

/**
 * The three buttons a reminder carries (and the confirmation of a booking
 * made inside the reminder window): each a link of the booking's link
 * token. "I'll be there" and "Cancel" open the landing page at that step
 * (a person confirms there: a mail scanner following the link changes
 * nothing); "Reschedule" opens the reschedule page with the token.
 */
export function linkButtons(bookingId: string, token: string): MailBlock[] {
  return [
    { href: BookingLink.pageUrl(token, 'attend'), label: "I'll be there" },
    { href: BookingLink.rescheduleUrl(bookingId, token), label: 'Reschedule' },
    { href: BookingLink.pageUrl(token, 'cancel'), label: 'Cancel' },
  ];
}

/** The sentence under the buttons: they work without signing in, until the start. */
export const linkButtonsNote =
  'These links work without signing in, once each, until your appointment starts. You can also manage the booking in your Service History.';
