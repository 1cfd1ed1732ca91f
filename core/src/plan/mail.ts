import { linkPage } from '../auth/link-flows';
import { LinkToken } from '../auth/link-token';
import { absoluteUrl } from '../links';
import type { Mail } from '../mail/index';
import { composeMail } from '../mail/compose';
import { transactWrite } from '../db/entity';
import { formatCents } from '../money';
import * as time from '../time';
import { type Enrolment, enrolment, enrolmentRef } from './store';

/** The plans' mails (issue 35, decision 131): what a customer agreed to, and each change of their plan. */

/** The amounts as agreed, in words: each visit's price or the monthly fee, and the discount on other work. */
export function amountsOf(e: Pick<Enrolment, 'agreed'>): string {
  const { price, discountPercent } = e.agreed;
  const fee =
    price.kind === 'monthly'
      ? `${formatCents(price.monthlyCents)} a month`
      : `${formatCents(price.visitCents)} a visit, charged when each visit is done`;
  return discountPercent > 0 ? `${fee}; ${discountPercent}% off other work on this vehicle` : fee;
}

export function termsOf(e: Pick<Enrolment, 'agreed'>): string {
  const { terms } = e.agreed;
  const renew = terms.autoRenew ? 'Renews by itself' : 'Does not renew by itself';
  const minimum = terms.minimumMonths > 0 ? `; at least ${terms.minimumMonths} months` : '';
  return `${renew}${minimum}. To cancel: ${terms.cancellation}`;
}

/**
 * "Manage your plan": a fresh `manage-plan` link (decisions 133, 134) to the plan's page, where the
 * holder skips a visit, pauses, resumes or cancels without signing in, as in Account Settings, and
 * the item that stores it, to write in the transaction of what it is sent with.
 */
export const preparePlanLink = (e: Pick<Enrolment, 'userId' | 'id'>) =>
  LinkToken.prepare('manage-plan', { subjectId: enrolmentRef(e), owner: enrolment.key(e) });

/** A fresh "Manage your plan" link, stored at once (a mail that is not the change's own). */
export async function issuePlanLink(e: Pick<Enrolment, 'userId' | 'id'>): Promise<string> {
  const { token, item } = preparePlanLink(e);
  await transactWrite([item]);
  return token;
}

/** The mail's button: the link `token` (a change by link hands on its next one), else a fresh one. */
async function manageLink(e: Enrolment, token?: string) {
  return {
    href: absoluteUrl(linkPage('manage-plan', token ?? (await issuePlanLink(e)))),
    label: 'Manage your plan',
  };
}

export async function enrolledMail(
  to: string,
  e: Enrolment,
  visits: readonly string[],
): Promise<Mail.Message> {
  return composeMail({ to, subject: `You are enrolled: ${e.agreed.name}` }, [
    `Thank you for enrolling in ${e.agreed.name}.`,
    {
      fields: [
        ['Plan', e.agreed.name],
        ['Amounts', amountsOf(e)],
        ['Terms', termsOf(e)],
        ['Time of day', time.formatTime(e.agreed.time)],
        ['Next visits', visits.map((d) => time.formatLongDate(d)).join('\n') || 'None yet'],
      ],
    },
    'Each visit is booked for you; you get a reminder before each, with links to reschedule or cancel that visit.',
    await manageLink(e),
  ]);
}

const changes = {
  paused: (name: string) => ({
    subject: `Your plan is paused: ${name}`,
    line: `Your plan ${name} is paused: its upcoming visits are cancelled and no new ones are booked until you resume it.`,
  }),
  active: (name: string) => ({
    subject: `Your plan is active again: ${name}`,
    line: `Your plan ${name} is active again: its visits are booked ahead as before.`,
  }),
  cancelled: (name: string) => ({
    subject: `Your plan is cancelled: ${name}`,
    line: `Your plan ${name} is cancelled: its upcoming visits are cancelled and nothing more is charged for it.`,
  }),
  past_due: (name: string) => ({
    subject: `Your plan's visits are on hold: ${name}`,
    line: `The payment for your plan ${name} is past due: its upcoming visits are cancelled until it is paid.`,
  }),
} as const;

/** The notice of a change of the plan's state (pause, resume, cancel, past due). */
export async function changedMail(
  to: string,
  e: Enrolment,
  state: keyof typeof changes,
  token?: string,
): Promise<Mail.Message> {
  const words = changes[state](e.agreed.name);
  return composeMail({ to, subject: words.subject }, [words.line, await manageLink(e, token)]);
}

/** A new link asked for from the plan's page by a used or expired one (decision 134), to the plan's customer. */
export async function newLinkMail(to: string, e: Enrolment, token: string): Promise<Mail.Message> {
  return composeMail({ to, subject: `A new link to your plan: ${e.agreed.name}` }, [
    `Here is a new link to your plan ${e.agreed.name}: skip a visit, pause, resume or cancel, without signing in. Each change you make hands you the next link.`,
    await manageLink(e, token),
  ]);
}

/** Visits the placement could not book at their usual time (never double-booked): the customer picks one of the nearest times. */
export async function needsTimeMail(
  to: string,
  e: Enrolment,
  dates: readonly string[],
): Promise<Mail.Message> {
  return composeMail({ to, subject: `A visit of your plan needs a time: ${e.agreed.name}` }, [
    `We could not book ${dates.length === 1 ? 'this visit' : 'these visits'} of your plan ${e.agreed.name} at ${time.formatTime(e.agreed.time)}: the time is taken.`,
    { fields: [['Visits', dates.map((d) => time.formatLongDate(d)).join('\n')]] },
    'Choose one of the nearest free times, or skip the visit, in Account Settings or on your plan’s page.',
    await manageLink(e),
  ]);
}
