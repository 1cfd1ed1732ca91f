import { indexBackfillStep, type MigrationStep } from '../db/migration';
import { entity as accounts, type StoredAccount } from '../user/store';

/**
 * Accounts written before issue 36 lack their entry in `byOwner` under the
 * number they text from (`MOBILE#<E.164>`): the step writes it, while the
 * numbers it comes from are as read (a write meanwhile wrote it itself).
 */
const mobileIndex = indexBackfillStep<StoredAccount>(
  'text-reply-mobile-index',
  (cursor, limit) => accounts.query.byCreation({}, { limit, cursor }),
  accounts,
  'byOwner',
  (account) => (c) =>
    c.and(
      account.phone === undefined ? c.notExists('phone') : c.eq('phone', account.phone),
      account.texts === undefined ? c.notExists('texts') : c.eq('texts.mobile', account.texts.mobile),
    ),
);

export const migrationSteps: MigrationStep[] = [mobileIndex];
