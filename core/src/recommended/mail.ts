import { linkPage } from '../auth/link-flows';
import { business } from '../business';
import { config } from '../config';
import type { Recommendation } from '../garage/model';
import { absoluteUrl } from '../links';
import { composeMail } from '../mail/compose';
import type { Mail } from '../mail/index';
import { formatCents } from '../money';
import { formatLongDate } from '../time';

/**
 * Recommended work's follow-up (issue 33, decision 126): one mail, some days after the customer
 * declined or deferred work, listing what we recommended on which vehicle, with a link that books
 * it (the booking page shows the lines and books them), and its own one-click unsubscribe.
 */
export type FollowUpFacts = {
  to: string;
  /** The vehicle as the customer knows it: "2019 Honda Civic". */
  vehicle: string;
  lines: readonly Pick<Recommendation, 'description' | 'priceCents' | 'recommendedAt'>[];
  /** The booking page's path, carrying the lines. */
  bookPath: string;
  /** The unsubscribe link's token. */
  unsubscribeToken: string;
};

/** The booking page's path for these lines: the service of the visit they came from, when known. */
export function bookPath(serviceId: string | undefined, vehicleId: string, ids: readonly string[]): string {
  const search = `vehicle=${encodeURIComponent(vehicleId)}&lines=${ids.map(encodeURIComponent).join(',')}`;
  return serviceId ? `/book/${encodeURIComponent(serviceId)}?${search}` : `/services?${search}`;
}

const lineText = (line: FollowUpFacts['lines'][number]) =>
  line.priceCents > 0 ? `${line.description} (${formatCents(line.priceCents)})` : line.description;

export function followUpMail(facts: FollowUpFacts): Mail.Message {
  const first = facts.lines[0];
  return {
    ...composeMail({ to: facts.to, subject: `Recommended work for your ${facts.vehicle}` }, [
      'Hello,',
      `When we looked at your ${facts.vehicle}${first ? ` on ${formatLongDate(first.recommendedAt)}` : ''}, we recommended this work, which is still to do:`,
      { fields: facts.lines.map((line, i) => [`${i + 1}.`, lineText(line)]) },
      'Book it when it suits you; we will come to you as before:',
      { href: absoluteUrl(facts.bookPath), label: 'Book the recommended work' },
      `Questions? Reply to this email, write to ${business.email} or call ${business.phone}.`,
      'Prefer not to get these follow-ups? Unsubscribe here; it changes nothing else about your account:',
      {
        href: absoluteUrl(linkPage('unsubscribe-recommended-work', facts.unsubscribeToken)),
        label: 'Unsubscribe from recommended-work follow-ups',
      },
    ]),
    replyTo: config().businessEmail,
    headers: {
      'List-Unsubscribe': `<${absoluteUrl(`/api/unsubscribe/${facts.unsubscribeToken}?list=recommended-work`)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The same follow-up as a text (when the customer chose texts for it). */
export function followUpText(facts: FollowUpFacts): string {
  const first = facts.lines[0]?.description ?? 'some work';
  const more = facts.lines.length > 1 ? ` and ${facts.lines.length - 1} more` : '';
  return `${business.name}: last time we recommended ${first}${more} for your ${facts.vehicle}. Book it: ${absoluteUrl(facts.bookPath)}`;
}
