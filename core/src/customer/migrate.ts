import { type MigrationStep, pagedStep } from '../migrate/runner';
import { User } from '../user/index';

/**
 * Accounts written before decision 061 lack their customer-search keys. The
 * step (run by migrate/index.ts, decision 063) pages through every customer
 * account and sets on each the keys its record computes, conditionally (an
 * account changed meanwhile was written whole, keys included).
 */
export const migrationSteps: MigrationStep[] = [
  pagedStep(
    'customer-search-keys',
    (cursor, limit) => User.customersPage({ limit, cursor }),
    (account) => User.indexSearchKeys(account),
  ),
];
