import { LinkToken } from '../auth/link-token';
import { linkTexts } from '../auth/link-texts';
import { standingLinkVerb } from '../auth/standing-link';
import { business } from '../business';
import { Match } from '../db/conditions';
import { VisibleError } from '../error';
import type { Mail } from '../mail/index';
import { Outbox } from '../mail/outbox';
import { Sms } from '../sms/index';
import { entity as accounts, type StoredAccount } from '../user/store';
import { marketingMailWording, marketingTextWording } from './wording';

/**
 * Marketing consent (issue 34, decision 124): separate from the booking
 * notices (Notify), kept on the account with the wording shown and when, and
 * a withdrawal with when and how (the record stays). A marketing mail goes
 * only with mail consent; a text only with written text consent for the
 * number the account texts now (TCPA). Every marketing message carries its
 * unsubscribe (mail: the link and RFC 8058 header; text: STOP).
 */
export namespace Marketing {
  export type Record = NonNullable<StoredAccount['marketing']>;
  type Account = Pick<StoredAccount, 'marketing' | 'texts'>;

  export const messages = {
    done: 'You will get no more marketing messages from us, such as "your car is due". Your account and bookings are unchanged.',
    invalid: linkTexts.unsubscribe.invalid,
    textsFirst: 'Opt in to texts with your mobile number before agreeing to marketing texts.',
  } as const;

  /** Whether the account agrees to marketing mail now. */
  export const mailOn = (account: Account | undefined): boolean =>
    !!account?.marketing?.mail && !account.marketing.mail.withdrawnAt;

  /** The number marketing texts go to now: written consent for the number the account texts, not withdrawn. */
  export function textTo(account: Account | undefined): string | undefined {
    const consent = account?.marketing?.text;
    if (!account || !consent || consent.withdrawnAt) return undefined;
    return textsNow(account) === consent.mobile ? consent.mobile : undefined;
  }

  /** The number the account texts now (NotifySettings.textsTo; not imported: settings imports this file). */
  const textsNow = (account: Account) =>
    account.texts && !account.texts.optedOutAt ? account.texts.mobile : undefined;

  /** The consent the customer asks for (`mail`, `text`: on or off), as the account will keep it. */
  export function changed(account: Account, wanted: { mail?: boolean; text?: boolean }, now: string): Record {
    const current = account.marketing ?? {};
    const next: Record = { ...current };
    if (wanted.mail === true && !mailOn(account)) {
      next.mail = { consentedAt: now, wording: marketingMailWording(business.name) };
    } else if (wanted.mail === false && mailOn(account)) {
      next.mail = { ...current.mail!, withdrawnAt: now, withdrawnBy: 'customer' };
    }
    const mobile = textsNow(account);
    if (wanted.text === true && !textTo(account)) {
      if (!mobile) throw new VisibleError('invalid', messages.textsFirst);
      next.text = { mobile, consentedAt: now, wording: marketingTextWording(mobile, business.name) };
    } else if (wanted.text === false && current.text && !current.text.withdrawnAt) {
      next.text = { ...current.text, withdrawnAt: now, withdrawnBy: 'customer' };
    }
    return next;
  }

  /** What `GET /api/users/me/notifications` shows of it. */
  export function toReply(account: Account) {
    const shown = (c: { consentedAt: string; wording: string; withdrawnAt?: string } | undefined) =>
      c
        ? {
            on: !c.withdrawnAt,
            consentedAt: c.consentedAt,
            wording: c.wording,
            withdrawnAt: c.withdrawnAt ?? null,
          }
        : null;
    return { mail: shown(account.marketing?.mail), text: shown(account.marketing?.text) };
  }

  /**
   * The outbox items of a marketing notice, by consent: the mail with mail
   * consent, the text with text consent (and texts on); none without. With
   * `check`, the conditions that the consent used is still the one read, for
   * the send's transaction (withdrawn meanwhile: nothing goes).
   */
  export async function prepare(
    account: Account,
    notice: { userId: string; mail: Mail.Message; text: string },
  ): Promise<{ prepared: Outbox.Prepared[]; check: { [path: string]: unknown } }> {
    const prepared: Outbox.Prepared[] = [];
    const check: { [path: string]: unknown } = {};
    if (mailOn(account)) {
      prepared.push(await Outbox.prepareWithFiles(notice.mail));
      check['marketing.mail.consentedAt'] = account.marketing!.mail!.consentedAt;
      check['marketing.mail.withdrawnAt'] = Match.absent();
    }
    const to = Sms.textsOn() ? textTo(account) : undefined;
    if (to) {
      prepared.push(Outbox.prepareText({ to, body: notice.text, userId: notice.userId }));
      check['marketing.text.consentedAt'] = account.marketing!.text!.consentedAt;
      check['marketing.text.withdrawnAt'] = Match.absent();
    }
    return { prepared, check };
  }

  /** The unsubscribe link of a marketing notice to `userId`: its token and item, for the send's transaction. */
  export const unsubscribeLink = (userId: string, now: Date) =>
    LinkToken.prepare('unsubscribe-marketing', {
      subjectId: userId,
      owner: accounts.key({ id: userId }),
      now,
    });

  /**
   * `POST /api/unsubscribe/{token}?list=marketing` (anyone with the link; RFC
   * 8058 one-click): withdraws the account's marketing consent, mail and
   * text, keeping the record. Not used up: a second POST answers the same.
   */
  export const unsubscribe = standingLinkVerb(
    'unsubscribe-marketing',
    messages.done,
    async ({ subjectId }) => {
      const account = await accounts.get({ id: subjectId }, { consistent: true });
      if (!account) throw new VisibleError('not_found', messages.invalid);
      const now = new Date().toISOString();
      const withdraw = <C extends { withdrawnAt?: string }>(c: C | undefined) =>
        c && !c.withdrawnAt ? { ...c, withdrawnAt: now, withdrawnBy: 'unsubscribe' as const } : c;
      const { mail, text } = account.marketing ?? {};
      await accounts.patch(
        { id: account.id },
        {
          set: {
            marketing: {
              ...(mail ? { mail: withdraw(mail) } : {}),
              ...(text ? { text: withdraw(text) } : {}),
            },
          },
          when: (c) => c.itemExists(),
        },
      );
    },
  );
}
