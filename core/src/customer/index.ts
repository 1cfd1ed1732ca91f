import * as z from 'zod';
import { assertAdmin, useActor } from '../actor';
import { invite as inviteAccount } from '../account/invite';
import { INVALID_CURSOR, MAX_PAGE, type Page } from '../db/paging';
import { VisibleError } from '../error';
import { Outbox } from '../mail/outbox';
import { RateLimit } from '../rate-limit/index';
import { rateLimits } from '../rate-limit/rules';
import { User } from '../user/index';
import { firstMatchingKind, queryPrefixes, type SearchKind, searchKinds } from '../user/search-keys';
import { callerFirst, fn } from '../util/fn';
import { migrationSteps as customerSteps } from './migrate';

/**
 * The admin's view of the customers (doc 2 §2 Assign Customer, §5 New
 * customer; issue 11): the list and search (admins are never listed), and a
 * new customer made for a phone booking. That account has no password: it
 * gets an invitation whose link is a reset-password link that lives 7 days,
 * so the existing reset page sets the first password and marks the email
 * verified, and until then nobody can sign into it (decision 028).
 */
export namespace Customer {
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
    assertAdmin();
    const { items, cursor } = await User.customersPage({
      limit: Math.min(page.limit ?? DEFAULT_PAGE, MAX_PAGE),
      cursor: page.cursor,
    });
    return { items: items.map(toInfo), cursor };
  }

  /**
   * One page of the customers matching `query` by prefix (decision 061): a
   * name ("first last" or the last name), the email, or, for a query that is
   * a phone number of three or more digits, the phone's digits begin with it,
   * case and accents aside. An empty query is the list. Each kind is a
   * `begins_with` range of its own index, read in turn (names, last names,
   * emails, phones); an account that matches several kinds comes only under
   * the first. The cursor holds the kind and the position in it. A page reads
   * at most SEARCH_BUDGET index entries, so it may end short with a cursor.
   */
  export const search = fn(
    z.tuple([
      z.string(),
      z.object({ limit: z.number().optional(), cursor: z.string().nullish() }).optional(),
    ]),
    async (query, page = {}): Promise<Page<Info>> => {
      assertAdmin();
      const prefixes = queryPrefixes(query);
      if (searchKinds.every((kind) => prefixes[kind] === undefined)) return list(page);
      const limit = Math.min(page.limit ?? DEFAULT_PAGE, MAX_PAGE);
      let { kind: at, inner } = page.cursor ? decodeSearchCursor(page.cursor) : { kind: 0, inner: null };
      const items: Info[] = [];
      let read = 0;
      for (; at < searchKinds.length; at += 1, inner = null) {
        const kind = searchKinds[at] as SearchKind;
        const prefix = prefixes[kind];
        if (prefix === undefined) continue;
        do {
          if (items.length === limit || read >= SEARCH_BUDGET)
            return { items, cursor: searchCursor(at, inner) };
          // As many as the page still needs: whatever this read returns is used up, kept or not.
          const found = await User.customersByKey(kind, prefix, {
            limit: limit - items.length,
            cursor: inner,
          });
          read += found.entries;
          for (const account of found.items) {
            // The index may lag a write: the account as read now decides.
            if (account.role === 'user' && firstMatchingKind(account, prefixes) === kind)
              items.push(toInfo(account));
          }
          inner = found.cursor;
        } while (inner);
      }
      return { items, cursor: null };
    },
    callerFirst(assertAdmin),
  );

  /** Index entries a search page reads at most, over all kinds. */
  export const SEARCH_BUDGET = 500;

  const searchCursor = (kind: number, inner: string | null) =>
    Buffer.from(JSON.stringify({ kind, inner })).toString('base64url');

  function decodeSearchCursor(cursor: string): { kind: number; inner: string | null } {
    try {
      const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
      if (value && typeof value === 'object' && 'kind' in value && 'inner' in value) {
        const { kind, inner } = value;
        if (
          typeof kind === 'number' &&
          Number.isInteger(kind) &&
          kind >= 0 &&
          kind < searchKinds.length &&
          (inner === null || typeof inner === 'string')
        ) {
          return { kind, inner };
        }
      }
    } catch {
      // falls through to the refusal below
    }
    throw new VisibleError('invalid', INVALID_CURSOR);
  }

  /** Gives customers written before decision 061 their search keys (customer/migrate.ts, decision 063). */
  export const migrationSteps = customerSteps;

  /**
   * New customer (doc 2 §5). `invite: false` (the desk, issue 30, decision 100): a booking is
   * assigned to them next, and that booking's mail carries the invitation, so the customer gets one
   * mail, not two. Absent (the spec's client): the invitation is mailed now, as before.
   */
  export const InviteInput = User.InviteInput.extend({
    invite: z.boolean({ error: 'invite must be true or false.' }).optional(),
  });

  /**
   * Makes a customer account with no password and mails its owner the
   * invitation (account, link and mail in one transaction; none with
   * `invite: false`); 409 when the email already has an account, with
   * nothing written or mailed.
   */
  export const invite = fn(InviteInput, inviteNow);
  async function inviteNow({ invite: mailNow, ...parsed }: z.output<typeof InviteInput>): Promise<Info> {
    assertAdmin();
    const actor = useActor();
    await RateLimit.hit(rateLimits.createCustomerAdmin, actor.type === 'user' ? actor.userId : 'system');
    let mail: Outbox.Prepared | undefined;
    const account = await User.createInvited(parsed, (userId) => {
      if (mailNow === false) return [];
      const invitation = inviteAccount('user', { id: userId, email: parsed.email });
      mail = invitation.mail;
      return invitation.items;
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
