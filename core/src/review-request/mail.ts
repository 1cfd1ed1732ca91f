import { linkPage } from '../auth/link-flows';
import { business } from '../business';
import { config } from '../config';
import { absoluteUrl } from '../links';
import { composeMail, type MailBlock } from '../mail/compose';
import type { Mail } from '../mail/index';
import { formatLongDate } from '../time';

/**
 * The review request (issue 21, decision 076): one mail some hours after a
 * visit is complete. Its link opens /leave-review for that booking (the page
 * asks the customer to sign in first when needed), the shop's Google review
 * link when one is configured, and a one-click unsubscribe: the
 * List-Unsubscribe header (the API's https URL, which a mail client POSTs to,
 * RFC 8058) and a link to a page where a person confirms it.
 */
export type ReviewRequestFacts = {
  to: string;
  bookingId: string;
  serviceName: string;
  date: string;
  /** The unsubscribe link's token. */
  unsubscribeToken: string;
};

export const reviewPath = (bookingId: string) => `/leave-review?booking=${encodeURIComponent(bookingId)}`;

export function reviewRequestMail(facts: ReviewRequestFacts): Mail.Message {
  const { googleReviewUrl, businessEmail } = config();
  const google: MailBlock[] = googleReviewUrl
    ? ['You can also review us on Google:', { href: googleReviewUrl, label: 'Review us on Google' }]
    : [];
  return {
    ...composeMail({ to: facts.to, subject: `How was your ${facts.serviceName}?` }, [
      'Hello,',
      `Thank you for choosing ${business.name} for your ${facts.serviceName} on ${formatLongDate(facts.date)}. Would you tell other drivers how it went? It takes a minute.`,
      { href: absoluteUrl(reviewPath(facts.bookingId)), label: 'Leave a review' },
      ...google,
      'Prefer not to get these requests? Unsubscribe here; it changes nothing else about your account:',
      {
        href: absoluteUrl(linkPage('unsubscribe-review-requests', facts.unsubscribeToken)),
        label: 'Unsubscribe from review requests',
      },
    ]),
    replyTo: businessEmail,
    headers: {
      'List-Unsubscribe': `<${absoluteUrl(`/api/unsubscribe/${facts.unsubscribeToken}`)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The same request as a text (when the customer chose texts for it). */
export const reviewRequestText = (facts: ReviewRequestFacts) =>
  `${business.name}: how was your ${facts.serviceName}? Leave a review: ${absoluteUrl(reviewPath(facts.bookingId))}`;
