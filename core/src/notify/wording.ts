import { formatUsNumber } from '../rules/phone';

/**
 * What a customer agrees to when they opt in to texts (issue 21): the shop,
 * the kinds of message, how often, and how to stop. The server stores the
 * wording it showed for the number given, with the time; the browser shows
 * the same text from this function before the customer agrees. The shop's
 * name is a setting (BUSINESS_NAME): the server passes its own, the browser
 * the web build's (the same setting).
 */
export function textConsentWording(mobile: string | undefined, businessName: string): string {
  const where = mobile ? formatUsNumber(mobile) : 'the mobile number above';
  return (
    `I agree that ${businessName} may text me at ${where} about my bookings: ` +
    'reminders, "on my way" messages with an arrival time, reschedule and cancellation notices, ' +
    'and review requests, as I choose in my account settings (about 1 to 4 messages per booking). ' +
    'Message and data rates may apply. Consent is not a condition of purchase. ' +
    'Reply STOP to opt out, HELP for help.'
  );
}

/** The kinds of notice whose channel a customer chooses, with their labels, and the channels. */
export const preferenceKinds = ['reminder', 'on-my-way', 'review-request', 'recommended-work'] as const;
export type PreferenceKind = (typeof preferenceKinds)[number];
export const channels = ['mail', 'text', 'both'] as const;
export type Channel = (typeof channels)[number];
export const preferenceLabels: Record<PreferenceKind, string> = {
  reminder: 'Appointment reminders',
  'on-my-way': '"On my way" messages',
  'review-request': 'Review requests',
  'recommended-work': 'Follow-ups on recommended work',
};
/** A kind the customer has not chosen for goes by mail and, once they opt in to texts, by text too. */
export const DEFAULT_CHANNEL: Channel = 'both';

/**
 * Marketing consent (issue 34, decision 124), separate from the booking notices above: what a customer
 * agrees to by ticking the box (never ticked for them). The server stores the wording it showed, with
 * the time; a text's names the number (TCPA's written consent).
 */
export function marketingMailWording(businessName: string): string {
  return (
    `I agree that ${businessName} may e-mail me when my vehicle is due for service again, ` +
    'with a link to book it. At most two mails for each service due. ' +
    'Every mail has a link to unsubscribe.'
  );
}

export function marketingTextWording(mobile: string | undefined, businessName: string): string {
  const where = mobile ? formatUsNumber(mobile) : 'my mobile number';
  return (
    `I agree that ${businessName} may send marketing texts to ${where}, such as when my vehicle is due ` +
    'for service again, using automated technology. At most two texts for each service due. ' +
    'Consent is not a condition of purchase. Message and data rates may apply. ' +
    'Reply STOP to opt out, HELP for help.'
  );
}
