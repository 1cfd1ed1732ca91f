import type { Page } from '../db/paging';
import { email } from './input';
import type { Account } from './me';
import { emailGuard, entity } from './store';

/**
 * One page of the customer accounts (admins left out), oldest first,
 * bounded by `limit` and the read budget (core/src/db/paging.ts).
 */
export function customersPage(page: {
  limit: number;
  cursor?: string | null;
  filter?: (account: Account) => boolean;
  /** Items read at most for the page (default: the paging layer's read budget). */
  budget?: number;
}): Promise<Page<Account>> {
  const { filter } = page;
  return entity.query.byCreation(
    {},
    {
      limit: page.limit,
      cursor: page.cursor,
      budget: page.budget,
      filter: (account) => account.role === 'user' && (!filter || filter(account)),
    },
  );
}

export function find(userId: string): Promise<Account | undefined> {
  return entity.get({ id: userId }, { consistent: true });
}

/** The account of an address (lowercased and trimmed first), if there is one. */
export async function findByEmail(address: string): Promise<Account | undefined> {
  const parsed = email.safeParse(address);
  if (!parsed.success) return undefined;
  const guard = await emailGuard.get({ email: parsed.data }, { consistent: true });
  return guard ? find(guard.userId) : undefined;
}
