import { type MigrationStep, pagedStep } from '../db/migration';
import { User } from '../user/index';

/**
 * Accounts written before decision 061 lack their customer-search keys: the
 * step pages through the customer accounts (the `byCollection` index) and
 * sets on each the keys its record computes, only where they differ and only
 * while the fields they come from are as read (an account changed meanwhile
 * was written whole, keys included). Run by the migration runner (decision 063).
 */
export const migrationSteps: MigrationStep[] = [
  pagedStep(
    'customer-search-keys',
    (cursor, limit) => User.customersPage({ limit, cursor }),
    (account) => User.indexSearchKeys(account),
  ),
];
