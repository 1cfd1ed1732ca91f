import type { RateLimit } from './index';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Every limit in one table (decision 008). Per-IP limits are generous so a
 * household or office behind one address is not locked out; per-account
 * limits are tight, since they protect one person's inbox or password.
 */
export const rateLimits = {
  /** Every sign-in attempt from one address. */
  loginIp: { scope: 'login-ip', limit: 100, windowSeconds: 15 * MINUTE },
  /**
   * Failed sign-ins against one account from one address (successes are not
   * counted): the tight limit, which a guesser elsewhere cannot use up.
   */
  loginPair: { scope: 'login-pair', limit: 10, windowSeconds: 15 * MINUTE },
  /** Failed sign-ins against one account from all addresses: the loose ceiling. */
  loginAccount: { scope: 'login-account', limit: 50, windowSeconds: 15 * MINUTE },
  registerIp: { scope: 'register-ip', limit: 20, windowSeconds: HOUR },
  registerAccount: { scope: 'register-account', limit: 5, windowSeconds: HOUR },
  resendIp: { scope: 'resend-ip', limit: 20, windowSeconds: HOUR },
  resendAccount: { scope: 'resend-account', limit: 5, windowSeconds: HOUR },
  forgotIp: { scope: 'forgot-ip', limit: 20, windowSeconds: HOUR },
  forgotAccount: { scope: 'forgot-account', limit: 5, windowSeconds: HOUR },
  /** Wrong current passwords on the change-password form, per user. */
  changePasswordUser: { scope: 'change-password-user', limit: 10, windowSeconds: 15 * MINUTE },
  /**
   * The public site (issue 4). Each contact message and help request mails the
   * shop, so they are limited per address; votes, likes and comments per
   * account. All sit well above what a person (or a browser test run of ~20
   * each) does in a quarter of an hour, and well below a script's pace.
   */
  contactIp: { scope: 'contact-ip', limit: 50, windowSeconds: 15 * MINUTE },
  /** Confirmations mailed to one address: past this the message still reaches the shop, unconfirmed. */
  contactConfirmationRecipient: { scope: 'contact-confirmation-to', limit: 3, windowSeconds: HOUR },
  serviceRequestIp: { scope: 'service-request-ip', limit: 50, windowSeconds: 15 * MINUTE },
  testimonialVoteUser: { scope: 'testimonial-vote-user', limit: 120, windowSeconds: 15 * MINUTE },
  postLikeUser: { scope: 'post-like-user', limit: 120, windowSeconds: 15 * MINUTE },
  commentUser: { scope: 'comment-user', limit: 40, windowSeconds: 15 * MINUTE },
  /**
   * Cards sent to Square for saving, per account (issue 10): a person saves a
   * card or two; a script testing stolen card numbers through our form does
   * not get far. Reviews are once per booking anyway; this bounds the images.
   */
  saveCardUser: { scope: 'save-card-user', limit: 10, windowSeconds: HOUR },
  reviewUser: { scope: 'review-user', limit: 20, windowSeconds: HOUR },
  /** Photos a customer attaches while booking (issue 34): five a booking, a few bookings an hour, retries. */
  bookingPhotoUser: { scope: 'booking-photo-user', limit: 40, windowSeconds: HOUR },
  /**
   * The bookings desk (issue 11). Each new customer and each assignment
   * mails someone, so an admin's session cannot be used to mail-bomb: 30 new
   * customers an hour per admin, 10 assignment mails an hour per booking.
   * The custom booking link is public: a token is unguessable, but each use
   * reads or writes, so 120 per 15 minutes per address (a household or a browser test run shares one).
   */
  createCustomerAdmin: { scope: 'create-customer-admin', limit: 30, windowSeconds: HOUR },
  assignBooking: { scope: 'assign-booking', limit: 10, windowSeconds: HOUR },
  bookingLinkIp: { scope: 'booking-link-ip', limit: 120, windowSeconds: 15 * MINUTE },
  /**
   * Work orders (issue 13). Each mail of a work order (itself, or an
   * acknowledgment link) goes to the customer: 10 an hour per work order.
   * The portal is public and answers with a customer's document: per
   * address 30 and per number 15 lookups a quarter hour (a customer
   * downloads a few times; a guesser of emails for one number is stopped).
   * The acknowledgment link is public like the booking link.
   */
  workOrderMail: { scope: 'work-order-mail', limit: 10, windowSeconds: HOUR },
  workOrderPortalIp: { scope: 'work-order-portal-ip', limit: 30, windowSeconds: 15 * MINUTE },
  workOrderPortalNumber: { scope: 'work-order-portal-number', limit: 15, windowSeconds: 15 * MINUTE },
  workOrderLinkIp: { scope: 'work-order-link-ip', limit: 120, windowSeconds: 15 * MINUTE },
  /**
   * The view-only links (issue 32, decision 110), counted like the others: the
   * tracking page polls every 20 s (45 a quarter hour per open tab), and a
   * mail provider's one-click unsubscribe comes from its own servers, shared
   * by many customers, so both are generous.
   */
  trackLinkIp: { scope: 'track-link-ip', limit: 600, windowSeconds: 15 * MINUTE },
  unsubscribeLinkIp: { scope: 'unsubscribe-link-ip', limit: 600, windowSeconds: 15 * MINUTE },
  /**
   * The calendar feeds (issue 36): calendar apps poll from their own servers (Google's are shared by
   * every subscriber), every few hours each; a script reading feeds in a loop is stopped.
   */
  calendarFeedIp: { scope: 'calendar-feed-ip', limit: 600, windowSeconds: 15 * MINUTE },
  /**
   * The service-area check (issue 20) is public, and with a street it may
   * geocode through Amazon Location (billed per call): 300 per 15 minutes
   * per address, well above a person trying addresses on the booking page.
   */
  serviceAreaIp: { scope: 'service-area-ip', limit: 300, windowSeconds: 15 * MINUTE },
} satisfies Record<string, RateLimit.Rule>;
