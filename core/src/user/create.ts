import * as z from 'zod';
import { assertAdmin } from '../actor';
import { failedConditions, type TransactItem, transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import { fn } from '../util/fn';
import { createId } from '../util/id';
import { alsoWritten, CreateInput, InviteInput } from './input';
import type { Account } from './me';
import { hashPassword } from './password';
import { findByEmail } from './read';
import { searchAttributes } from './search';
import { emailGuard, entity } from './store';

/**
 * Creates an account; 409 when the email already has one. Only an admin
 * (or the system) may create an admin or a pre-verified account; public
 * registration (Account.register) makes neither.
 */
export const create = fn(CreateInput, (input) => insert(input, () => []));

/**
 * Creates an account together with what must be written with it (its
 * verification link, the mail that carries it), in one transaction.
 */
export const createWith = fn(z.tuple([CreateInput, alsoWritten]), insert);

async function insert(input: z.output<typeof CreateInput>, also: (userId: string) => TransactItem[]) {
  if (input.role !== 'user' || input.emailVerified) assertAdmin();
  const account = newAccount(input, {
    passwordHash: await hashPassword(input.password),
    role: input.role,
    emailVerified: input.emailVerified,
    ...(input.texts ? { texts: input.texts } : {}),
  });
  await writeNew(account, also(account.id));
  return {
    _id: account.id,
    firstName: account.firstName,
    lastName: account.lastName,
    email: account.email,
    role: account.role,
  };
}

/**
 * Creates a customer account with no password (an admin's, for a phone
 * customer), with what must be written with it (the invitation link and
 * its mail), in one transaction; 409 when the email already has an
 * account. Its owner activates it by setting a password from the link.
 * A technician's account (issue 22) is made the same way, with `role`.
 */
export const createInvited = fn(
  z.tuple([InviteInput, alsoWritten, z.enum(['user', 'technician']).optional()]),
  insertInvited,
);
async function insertInvited(
  input: z.output<typeof InviteInput>,
  also: (userId: string) => TransactItem[],
  role: 'user' | 'technician' = 'user',
): Promise<Account> {
  assertAdmin();
  const account = newAccount(input, {
    passwordHash: '',
    ...(input.phone ? { phone: input.phone } : {}),
    role,
    emailVerified: false,
  });
  await writeNew(account, also(account.id));
  return account;
}

/** A new account for `person`: a fresh id, no card on file, the first token version, made now. */
function newAccount(
  person: Pick<Account, 'firstName' | 'lastName' | 'email'>,
  access: Pick<Account, 'passwordHash' | 'role' | 'emailVerified' | 'phone' | 'texts'>,
): Account {
  const now = new Date().toISOString();
  return {
    id: createId('user'),
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    ...access,
    hasCardOnFile: false,
    tokenVersion: 0,
    createdAt: now,
    updatedAt: now,
  };
}

async function writeNew(account: Account, also: TransactItem[]): Promise<void> {
  try {
    await transactWrite([
      emailGuard.tx.put({ email: account.email, userId: account.id }, { ifAbsent: true }),
      entity.tx.put(account, { ifAbsent: true }),
      ...also,
    ]);
  } catch (error) {
    if (failedConditions(error)?.length) {
      throw new VisibleError('conflict', 'An account with this email already exists.');
    }
    throw error;
  }
}

/**
 * An admin account for `email`: created verified, or, when the address has
 * an account already, promoted (its password unchanged). For the seed and
 * the create-admin script only; no API route calls it.
 */
export async function ensureAdmin(input: {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}): Promise<'created' | 'promoted'> {
  assertAdmin();
  try {
    await create({ ...input, role: 'admin', emailVerified: true });
    return 'created';
  } catch (error) {
    if (!(error instanceof VisibleError && error.kind === 'conflict')) throw error;
  }
  const existing = await findByEmail(input.email);
  if (!existing) throw new Error(`The account of ${input.email} vanished while it was being promoted.`);
  await entity.patch(
    { id: existing.id },
    {
      set: { role: 'admin', emailVerified: true, updatedAt: new Date().toISOString() },
      // An admin is never listed: the account leaves the customer search indexes.
      remove: searchAttributes.map((name) => [name]),
      when: (c) => c.itemExists(),
    },
  );
  return 'promoted';
}
