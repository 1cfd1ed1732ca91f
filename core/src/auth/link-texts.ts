/**
 * What each link flow says when it refuses a link (issue 32, decision 110):
 * the texts of the flow table's replies (link-flows.ts), kept import-free so
 * the domains' message catalogues (and the browser, through them) can name
 * them. A domain's catalogue refers to these; it never retypes one.
 */
export const linkTexts = {
  verifyEmail: {
    invalid: 'This verification link is not valid. Please request a new one.',
    used: 'This verification link has already been used. Please sign in, or request a new link.',
    expired: 'This verification link has expired. Please request a new one.',
  },
  resetPassword: {
    invalid: 'This password reset link is not valid. Please request a new one.',
    used: 'This password reset link has already been used. Please request a new one.',
    expired: 'This password reset link has expired. Please request a new one.',
  },
  confirmBooking: {
    invalid: 'This booking link is not valid. Please contact us for a new one.',
    used: 'This booking link has already been used.',
    expired: 'This booking link has expired. Please contact us for a new one.',
    replaced: 'This booking link has been replaced by a newer one. Please use the latest email we sent.',
    notWaiting: 'This booking is no longer waiting for your confirmation.',
  },
  acknowledgeWorkOrder: {
    invalid: 'Work order not found or acknowledgment link is invalid.',
    acknowledged: 'This work order has already been acknowledged.',
    expired: 'The acknowledgment link has expired. Please contact us for a new link.',
    changed: 'The work order was changed meanwhile. Please reload it and try again.',
    raced:
      'Another answer on this link was recorded at the same moment, so yours was not. Reload the page to see the work order as acknowledged.',
  },
  calendarFeed: {
    invalid: 'This calendar address does not work. Copy the current one from your My Day page.',
  },
  /** The tip after the job, from the receipt's link (issue 35, decision 130). */
  tip: {
    invalid: 'This tip link is not valid. The mail that brought you here may be from another visit.',
    used: 'A tip was already added for this visit. Thank you!',
    expired: 'This tip link has expired.',
    settled: 'This visit can no longer take a tip by link: its payment is not complete.',
  },
  /** A plan's "Manage your plan" link (issue 35, decisions 133, 134): used once, each action handing on a fresh one. */
  plan: {
    invalid:
      'This plan link is not valid. Open the newest mail about your plan, or sign in to Account Settings.',
    used: 'This link has been used. Use the newest link we mailed you, or Account Settings.',
    expired:
      'This plan link has expired. Open the newest mail about your plan, or sign in to Account Settings.',
    settled: 'This plan is cancelled: there is nothing more to change.',
    raced:
      'Another change on this link was made at the same moment, so yours was not. Use the newest link we mailed you, or Account Settings.',
    changed: 'Your plan changed meanwhile. Please reload and try again.',
    resent: 'We mailed a new link to the address on your account.',
  },
  track: {
    invalid: 'This tracking link is not valid. The mail that brought you here may be from another visit.',
    expired: 'This tracking link has expired: it works until the end of the day of the visit.',
  },
  unsubscribe: {
    invalid:
      'This unsubscribe link is not valid or has expired. Reply to any of our mails and we will take you off.',
  },
  bookingLink: {
    invalid:
      'This link is not valid. Please use the latest link we sent you, or sign in to see your booking.',
    used: 'This link has already been used for that. Sign in to see your booking as it is now.',
    expired: 'This link has expired: the appointment has already started.',
    stale: 'This booking changed since the link was sent. Please use the latest link we sent you.',
    replaced: 'This booking has moved since the link was sent. Please use the latest link we sent you.',
    settled: 'This booking is no longer open, so the link cannot change it.',
  },
  portalCode: {
    wrong: 'That code is not right. Check the email we sent you and try again.',
    used: 'This code has already been used. Ask for a new one.',
    expired: 'The code has expired. Ask for a new one.',
    stale: 'The estimate changed after we sent the code. Please review it again and ask for a new code.',
    tooMany: 'Too many wrong codes. Ask for a new one.',
    none: 'Ask for a code first: we email it to you.',
  },
  priceCode: {
    expired: 'The code has expired. Send the customer a new one.',
    stale: 'The work order changed after the code was sent. Send the customer a new code.',
    wrong: 'That code is not right. Check it with the customer and try again.',
  },
} as const;
