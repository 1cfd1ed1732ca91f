import { business } from '../business';
import { config } from '../config';
import { absoluteUrl } from '../links';
import { composeMail } from '../mail/compose';
import type { Mail } from '../mail/index';
import { formatCents } from '../money';
import { formatLongDate } from '../time';

/**
 * A monthly plan's payment notices (issue 35, decision 132), through Notify (kind `plan-payment`):
 * the first decline of a period (once), and the move to past due. Each links to the card on file's
 * page (Account Settings), where a new card is saved; the next retry charges it.
 */
export type PlanPaymentFacts = {
  to: string;
  firstName: string;
  plan: string;
  amountCents: number;
  /** The period's first day (yyyy-MM-dd). */
  start: string;
  /** The next retry (an instant), when there is one. */
  retryAt?: string;
};

/** Where the customer updates their card: Account Settings' card on file. */
export const CARD_PATH = '/account-settings';

const cardLink = () => ({ href: absoluteUrl(CARD_PATH), label: 'Update your card' });
const contact = () => `Questions? Reply to this email, write to ${business.email} or call ${business.phone}.`;

export function declinedMail(facts: PlanPaymentFacts): Mail.Message {
  return {
    ...composeMail({ to: facts.to, subject: `Your ${facts.plan} payment did not go through` }, [
      `Hello ${facts.firstName},`,
      `We could not charge ${formatCents(facts.amountCents)} for your ${facts.plan} plan's month from ${formatLongDate(facts.start)} to the card on file.`,
      facts.retryAt
        ? `We will try again on ${formatLongDate(facts.retryAt)}. Please update your card before then:`
        : 'Please update your card:',
      cardLink(),
      contact(),
    ]),
    replyTo: config().businessEmail,
  };
}

export function pastDueMail(facts: PlanPaymentFacts): Mail.Message {
  return {
    ...composeMail({ to: facts.to, subject: `Your ${facts.plan} plan is past due` }, [
      `Hello ${facts.firstName},`,
      `We tried several times to charge ${formatCents(facts.amountCents)} for your ${facts.plan} plan's month from ${formatLongDate(facts.start)}, and the card on file was declined each time.`,
      'Your plan is past due and its upcoming visits are paused. Update your card and we will charge it at our next try; your plan then becomes active again:',
      cardLink(),
      contact(),
    ]),
    replyTo: config().businessEmail,
  };
}

export const declinedText = (facts: PlanPaymentFacts) =>
  `${business.name}: your ${facts.plan} payment of ${formatCents(facts.amountCents)} was declined. Update your card: ${absoluteUrl(CARD_PATH)}`;

export const pastDueText = (facts: PlanPaymentFacts) =>
  `${business.name}: your ${facts.plan} plan is past due and its visits are paused. Update your card: ${absoluteUrl(CARD_PATH)}`;
