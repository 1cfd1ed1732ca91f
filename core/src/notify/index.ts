import type { Mail } from '../mail/index';
import { Outbox } from '../mail/outbox';
import { Sms } from '../sms/index';
import { entity as accounts, type StoredAccount } from '../user/store';
import { NotifySettings } from './settings';
import { type Channel, type PreferenceKind, preferenceKinds } from './wording';

/**
 * Telling a customer something (issue 21): one notice, sent on the channels
 * the customer chose for its kind. Mail is the channel of record; a text goes
 * too when the customer opted in to texts (core/src/notify/settings.ts).
 * Every send is an outbox item written in the same transaction as the change
 * it reports, so it is never lost nor sent twice (decision 018).
 *
 * - Reminders, "on my way" and review requests: mail, text or both, as the
 *   customer chose (default both); a customer not opted in to texts gets mail.
 * - Reschedule and cancel notices, and a work order's price code (decision 091):
 *   always mail, and a text too when opted in.
 * - The booking confirmation and receipts do not use Notify: mail only.
 */
export namespace Notify {
  /** What a notice is about: the kinds a customer sets a channel preference for, and the notices of changes. */
  export const kinds = [
    'reminder',
    'on-my-way',
    'review-request',
    'reschedule',
    'cancel',
    'price-code',
    // Recommended work's follow-up (issue 33, decision 126).
    'recommended-work',
    // A monthly plan's declined charge and its past due (issue 35, decision 132): mail, and a text when opted in.
    'plan-payment',
  ] as const;
  export type Kind = (typeof kinds)[number];

  export type Notice = {
    kind: Kind;
    /** The customer's account, whose preferences and mobile number decide the text (absent: mail only). */
    userId?: string;
    /** The mail (always written for reschedule and cancel notices). */
    mail: Mail.Message;
    /** The text's body, one GSM-7 segment where possible, with its link (absent: no text for this notice). */
    text?: string;
  };

  const isPreferenceKind = (kind: Kind): kind is PreferenceKind =>
    (preferenceKinds as readonly string[]).includes(kind);

  /** The channels a notice of `kind` goes on for `account`: mail or not, and the number to text (if any). */
  export function channelsFor(
    account: Pick<StoredAccount, 'texts' | 'notifications'> | undefined,
    kind: Kind,
  ): { mail: boolean; textTo: string | undefined } {
    const mobile = account ? NotifySettings.textsTo(account) : undefined;
    if (!mobile) return { mail: true, textTo: undefined };
    const chosen: Channel = isPreferenceKind(kind) ? NotifySettings.preferencesOf(account!)[kind] : 'both';
    return { mail: chosen !== 'text', textTo: chosen === 'mail' ? undefined : mobile };
  }

  /**
   * The outbox items that send `notice`, to write in the transaction of the
   * change it reports. `account` may be passed when the caller has just
   * read it (a batch of reminders); otherwise it is read here.
   */
  export async function prepare(
    notice: Notice,
    account?: Pick<StoredAccount, 'texts' | 'notifications'>,
  ): Promise<Outbox.Prepared[]> {
    const found =
      account ??
      (notice.userId ? await accounts.get({ id: notice.userId }, { consistent: true }) : undefined);
    const channels = channelsFor(found, notice.kind);
    // Texts off (decision 084): the notice goes by mail, whatever the customer chose.
    const textTo = Sms.textsOn() ? channels.textTo : undefined;
    const mail = channels.mail || !textTo;
    const prepared: Outbox.Prepared[] = [];
    // A notice with no text to give still goes by mail, whatever the preference.
    if (mail || !notice.text || !textTo) prepared.push(await Outbox.prepareWithFiles(notice.mail));
    if (notice.text && textTo) {
      prepared.push(Outbox.prepareText({ to: textTo, body: notice.text, userId: notice.userId }));
    }
    return prepared;
  }

  /**
   * The outbox's consent check for a text under an account (decision 109):
   * the number the account texts now, and texts off after a STOP reply.
   */
  export const textConsent: Outbox.TextConsent = {
    async textsTo(userId) {
      const account = await accounts.get({ id: userId }, { consistent: true });
      return account ? NotifySettings.textsTo(account) : undefined;
    },
    optedOutByReply: (userId, mobile) => NotifySettings.optedOutByReply(userId, mobile),
  };

  /** Sends prepared notices right after their transaction succeeded (never throws). */
  export async function deliver(prepared: readonly Outbox.Prepared[]): Promise<void> {
    await Outbox.deliver(...prepared);
  }
}

// Every process that prepares a notice hands the outbox its consent check.
Outbox.useTextConsent(Notify.textConsent);
