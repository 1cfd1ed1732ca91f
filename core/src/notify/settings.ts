import { business } from '../business';
import * as z from 'zod';
import { useUserId } from '../actor';
import { VisibleError } from '../error';
import { MOBILE_MESSAGE, toUsE164 } from '../rules/phone';
import { entity, type StoredAccount } from '../user/store';
import { fn } from '../util/fn';
import { Marketing } from './marketing';
import {
  type Channel,
  channels,
  DEFAULT_CHANNEL,
  type PreferenceKind,
  preferenceKinds,
  textConsentWording,
} from './wording';

/**
 * A customer's texts consent and channel preferences (issue 21), stored on
 * their account (core/src/user/store.ts `texts`, `notifications`). Notify
 * reads them to choose the channels of each notice; the account's settings
 * page reads and changes them through `read` and `update`.
 */
export namespace NotifySettings {
  /** A mobile number as typed: normalised to E.164, US only, or refused with one message. */
  export const mobileNumber = z
    .string({ error: MOBILE_MESSAGE })
    .max(40, MOBILE_MESSAGE)
    .transform((value, context) => {
      const e164 = toUsE164(value);
      if (e164) return e164;
      context.addIssue({ code: 'custom', message: MOBILE_MESSAGE });
      return z.NEVER;
    });

  const channel = z.enum(channels, { error: 'A channel is mail, text or both.' });

  export const UpdateInput = z.object({
    /** Opting in needs the mobile number (the wording shown names it); opting out needs nothing. */
    texts: z
      .object({
        optIn: z.boolean({ error: 'Say whether to opt in to texts (optIn).' }),
        mobile: mobileNumber.optional(),
      })
      .refine((texts) => !texts.optIn || texts.mobile !== undefined, {
        message: MOBILE_MESSAGE,
        path: ['mobile'],
      })
      .optional(),
    preferences: z
      .object({
        reminder: channel.optional(),
        'on-my-way': channel.optional(),
        'review-request': channel.optional(),
        'recommended-work': channel.optional(),
      })
      .strict()
      .optional(),
    /** Marketing consent (issue 34, decision 124): each channel on (a new consent, the wording shown) or off. */
    marketing: z
      .object({
        mail: z.boolean({ error: 'Say yes or no to marketing mail.' }).optional(),
        text: z.boolean({ error: 'Say yes or no to marketing texts.' }).optional(),
      })
      .strict()
      .optional(),
  });

  export type Texts = NonNullable<StoredAccount['texts']>;

  /** What `GET /api/users/me/notifications` answers. */
  export type Reply = {
    texts: {
      on: boolean;
      mobile: string;
      consentedAt: string;
      wording: string;
      optedOutAt: string | null;
      optedOutBy: 'customer' | 'reply' | null;
    } | null;
    preferences: Record<PreferenceKind, Channel>;
    marketing: ReturnType<typeof Marketing.toReply>;
  };

  export function preferencesOf(
    account: Pick<StoredAccount, 'notifications'>,
  ): Record<PreferenceKind, Channel> {
    const chosen = account.notifications ?? {};
    return Object.fromEntries(
      preferenceKinds.map((kind) => [kind, chosen[kind] ?? DEFAULT_CHANNEL]),
    ) as Record<PreferenceKind, Channel>;
  }

  /** The mobile number texts go to, or undefined while the customer is not opted in. */
  export function textsTo(account: Pick<StoredAccount, 'texts'>): string | undefined {
    return account.texts && !account.texts.optedOutAt ? account.texts.mobile : undefined;
  }

  export function toReply(account: StoredAccount): Reply {
    const texts = account.texts;
    return {
      texts: texts
        ? {
            on: !texts.optedOutAt,
            mobile: texts.mobile,
            consentedAt: texts.consentedAt,
            wording: texts.wording,
            optedOutAt: texts.optedOutAt ?? null,
            optedOutBy: texts.optedOutBy ?? null,
          }
        : null,
      preferences: preferencesOf(account),
      marketing: Marketing.toReply(account),
    };
  }

  /** The consent record for opting in at `mobile` (E.164) now: the wording shown, and the time. */
  export function consent(mobile: string, now = new Date().toISOString()): Texts {
    return { mobile, consentedAt: now, wording: textConsentWording(mobile, business.name) };
  }

  export const CUSTOMERS_ONLY = 'Notification settings belong to customer accounts.';

  /** The signed-in customer's account; 403 for the shop's staff, who get no notices. */
  async function mine(): Promise<StoredAccount> {
    const account = await entity.get({ id: useUserId() }, { consistent: true });
    if (!account) throw new VisibleError('not_found', 'Account not found.');
    if (account.role !== 'user') throw new VisibleError('forbidden', CUSTOMERS_ONLY);
    return account;
  }

  /** The signed-in account's texts consent and preferences. */
  export async function read(): Promise<Reply> {
    return toReply(await mine());
  }

  /**
   * Opts in (a new consent, recorded with its wording and time) or out (at
   * once: Notify and the outbox read it before every text), and sets the
   * channel per kind.
   */
  export const update = fn(UpdateInput, async (input) => {
    const account = await mine();
    const now = new Date().toISOString();
    let texts = account.texts;
    if (input.texts?.optIn && input.texts.mobile) texts = consent(input.texts.mobile, now);
    else if (input.texts && !input.texts.optIn && texts && !texts.optedOutAt) {
      texts = { ...texts, optedOutAt: now, optedOutBy: 'customer' };
    }
    const notifications = { ...account.notifications, ...input.preferences };
    // Marketing texts follow the texts consent just given or withdrawn (the number they go to).
    const marketing = input.marketing
      ? Marketing.changed({ ...account, texts }, input.marketing, now)
      : undefined;
    const updated = await entity.patch(
      { id: account.id },
      {
        set: { notifications, updatedAt: now, texts, ...(marketing ? { marketing } : {}) },
        // Found by the number they text from (issue 36): the entry follows the mobile number.
        index: { byOwner: entity.indexKey('byOwner', { ...account, texts }) ?? null },
        when: (c) => c.itemExists(),
      },
    );
    if (!updated) throw new VisibleError('not_found', 'Account not found.');
    return toReply(updated);
  });

  /**
   * The service reported that `mobile` replied STOP (a refused send): texting
   * stops for the account in the app too, if it still texts that number.
   * Returns whether it changed anything.
   */
  export async function optedOutByReply(userId: string, mobile: string): Promise<boolean> {
    const now = new Date().toISOString();
    const updated = await entity.patch(
      { id: userId },
      {
        set: { 'texts.optedOutAt': now, 'texts.optedOutBy': 'reply', updatedAt: now },
        when: (c) => c.and(c.eq('texts.mobile', mobile), c.notExists('texts.optedOutAt')),
      },
    );
    return updated !== null;
  }
}
