import type * as z from 'zod';
import { assertAdmin, useActor } from '../actor';
import { invitationMail } from '../account/mail';
import { LinkToken } from '../auth/link-token';
import { MAX_PAGE, type Page } from '../db/paging';
import { Outbox } from '../mail/outbox';
import { RateLimit } from '../rate-limit/index';
import { rateLimits } from '../rate-limit/rules';
import { User } from '../user/index';
import { fn } from '../util/fn';

/**
 * The admin's view of the customers (doc 2 §2 Assign Customer, §5 New
 * customer; issue 11): the list and search (admins are never listed), and a
 * new customer made for a phone booking. That account has no password: it
 * gets an invitation whose link is a reset-password link that lives 7 days,
 * so the existing reset page sets the first password and marks the email
 * verified, and until then nobody can sign into it (decision 028).
 */
export namespace Customer {
  export const INVITATION_DAYS = 7;

  /** A customer as the admin's lists show them (doc 2 §3 Customer user). */
  export type Info = {
    id: string;
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    /** We have no user names: the account's email is its name for signing in. */
    username: string;
    hasCardOnFile: boolean;
  };

  const toInfo = (account: User.Account): Info => ({
    id: account.id,
    firstName: account.firstName,
    lastName: account.lastName,
    email: account.email,
    phone: account.phone ?? '',
    username: account.email,
    hasCardOnFile: account.hasCardOnFile,
  });

  /** The admin's page size when the request names none: today's whole list of a small shop. */
  export const DEFAULT_PAGE = 100;

  export type PageRequest = { limit?: number; cursor?: string | null };

  /**
   * One page of the customers, oldest account first (decision 060): bounded
   * by the page size and by the read budget of core/src/db/paging.ts, with
   * the cursor of the next page (null on the last).
   */
  export async function list(page: PageRequest = {}): Promise<Page<Info>> {
    return search('', page);
  }

  /** The normalised search keys of a customer: lower-cased names, full name and email. */
  export function searchKeys(customer: Pick<Info, 'firstName' | 'lastName' | 'email'>): string[] {
    return [
      customer.firstName,
      customer.lastName,
      `${customer.firstName} ${customer.lastName}`,
      customer.email,
    ].map((text) => text.trim().toLowerCase());
  }

  /**
   * Whether `customer` matches `query` by prefix: a name, the full name or
   * the email begins with it (case-insensitive), or the phone's digits begin
   * with its digits (three or more).
   */
  export function matches(customer: Info, query: string): boolean {
    const q = query.trim().toLowerCase();
    if (!q) return true;
    const digits = q.replace(/\D/g, '');
    return (
      searchKeys(customer).some((key) => key.startsWith(q)) ||
      (digits.length >= 3 && customer.phone.replace(/\D/g, '').startsWith(digits))
    );
  }

  /**
   * One page of the customers matching `query` by prefix (all for an empty
   * one), oldest account first. A page reads at most the read budget of
   * accounts: a rare match may come after a short or empty page with a cursor.
   */
  export async function search(query: string, page: PageRequest = {}): Promise<Page<Info>> {
    assertAdmin();
    const { items, cursor } = await User.customersPage({
      limit: Math.min(page.limit ?? DEFAULT_PAGE, MAX_PAGE),
      cursor: page.cursor,
      filter: (account) => matches(toInfo(account), query),
    });
    return { items: items.map(toInfo), cursor };
  }

  /**
   * Makes a customer account with no password and mails its owner the
   * invitation (account, link and mail in one transaction); 409 when the
   * email already has an account, with nothing written or mailed.
   */
  export const invite = fn(User.InviteInput, inviteNow);
  async function inviteNow(parsed: z.output<typeof User.InviteInput>): Promise<Info> {
    assertAdmin();
    const actor = useActor();
    await RateLimit.hit(rateLimits.createCustomerAdmin, actor.type === 'user' ? actor.userId : 'system');
    let mail: Outbox.Prepared | undefined;
    const account = await User.createInvited(parsed, (userId) => {
      const link = LinkToken.prepare({
        purpose: 'reset-password',
        subjectId: userId,
        subjectVersion: 0,
        ownerPk: `USER#${userId}`,
        ttlSeconds: INVITATION_DAYS * 24 * 60 * 60,
      });
      mail = Outbox.prepare(invitationMail(parsed.email, link.token, INVITATION_DAYS));
      return [link.item, mail.item];
    });
    if (mail) await Outbox.deliver(mail);
    return toInfo(account);
  }

  /** A customer by id, for the assignment (admins and unknown ids: undefined). */
  export async function find(customerId: string): Promise<Info | undefined> {
    const account = await User.find(customerId);
    return account && account.role === 'user' ? toInfo(account) : undefined;
  }
}
