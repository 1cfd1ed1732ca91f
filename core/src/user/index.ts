import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { db, tableName } from '../db/client';
import { VisibleError } from '../error';
import { fn } from '../util/fn';
import { createId } from '../util/id';
import { isCommonPassword } from './common-passwords';
import { hashPassword } from './password';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordMessages } from './rules';

/** Accounts: the user item, its unique-email guard, and the reads sign-in needs. */
export namespace User {
  export const roles = ['user', 'admin'] as const;
  export type Role = (typeof roles)[number];

  export const MIN_PASSWORD_LENGTH = PASSWORD_MIN_LENGTH;
  export const COMMON_PASSWORD = 'This password is too common. Please choose a less guessable one.';

  /** Emails are stored and compared lowercased and trimmed. */
  export const email = z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(254, 'Email is invalid')
    .pipe(z.email('Email is invalid'));

  /** The rules of a new password, the same on the form and on the server (doc 1 §5). */
  export const newPassword = z
    .string({ error: passwordMessages.required })
    .min(1, passwordMessages.required)
    .min(PASSWORD_MIN_LENGTH, passwordMessages.tooShort)
    .max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong)
    .refine((password) => !isCommonPassword(password), COMMON_PASSWORD);

  export const CreateInput = z.object({
    firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(80),
    lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(80),
    email,
    password: newPassword,
    role: z.enum(roles).default('user'),
    emailVerified: z.boolean().default(false),
  });

  /** The stored user, as core reads it. */
  export type Record = {
    id: string;
    firstName: string;
    lastName: string;
    email: string;
    passwordHash: string;
    role: Role;
    emailVerified: boolean;
    hasCardOnFile: boolean;
    tokenVersion: number;
  };

  /** The user as `/api/users/me` and the login reply show it: never the hash. */
  export type Me = {
    _id: string;
    firstName: string;
    lastName: string;
    email: string;
    role: Role;
    hasCardOnFile: boolean;
  };

  const ENTITY = 'user';
  const VERSION = 1;
  const key = (userId: string) => ({ pk: `USER#${userId}`, sk: 'USER' });
  /** Guards the uniqueness of an email address; holds the owner's id. */
  const emailKey = (address: string) => ({ pk: `EMAIL#${address}`, sk: 'EMAIL' });

  export function toMe(user: Record): Me {
    return {
      _id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: user.role,
      hasCardOnFile: user.hasCardOnFile,
    };
  }

  function fromItem(item: globalThis.Record<string, unknown>): Record {
    return {
      id: String(item.id),
      firstName: String(item.firstName),
      lastName: String(item.lastName),
      email: String(item.email),
      passwordHash: String(item.passwordHash),
      role: item.role === 'admin' ? 'admin' : 'user',
      emailVerified: item.emailVerified === true,
      hasCardOnFile: item.hasCardOnFile === true,
      tokenVersion: Number(item.tokenVersion ?? 0),
    };
  }

  /** Creates an account; 409 when the email already has one. */
  export const create = fn(CreateInput, async (input) => {
    const userId = createId('user');
    const now = new Date().toISOString();
    const passwordHash = await hashPassword(input.password);
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName(),
                Item: { ...emailKey(input.email), _type: 'userEmail', _v: 1, userId },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Put: {
                TableName: tableName(),
                Item: {
                  ...key(userId),
                  _type: ENTITY,
                  _v: VERSION,
                  collectionPk: 'USER',
                  collectionSk: `${now}#${userId}`,
                  id: userId,
                  firstName: input.firstName,
                  lastName: input.lastName,
                  email: input.email,
                  passwordHash,
                  role: input.role,
                  emailVerified: input.emailVerified,
                  hasCardOnFile: false,
                  tokenVersion: 0,
                  createdAt: now,
                  updatedAt: now,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      );
    } catch (error) {
      if ((error as Error).name === 'TransactionCanceledException') {
        throw new VisibleError('conflict', 'An account with this email already exists.');
      }
      throw error;
    }
    return {
      _id: userId,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      role: input.role,
    };
  });

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
    try {
      await create({ ...input, role: 'admin', emailVerified: true });
      return 'created';
    } catch (error) {
      if (!(error instanceof VisibleError && error.kind === 'conflict')) throw error;
    }
    const existing = await findByEmail(input.email);
    if (!existing) throw new Error(`The account of ${input.email} vanished while it was being promoted.`);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key(existing.id),
        UpdateExpression: 'SET #role = :admin, emailVerified = :yes, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':admin': 'admin', ':yes': true, ':now': new Date().toISOString() },
      }),
    );
    return 'promoted';
  }

  /**
   * Deletes an account and its email guard together (test fixtures clean up
   * with it; no API route calls it). Nothing else the user made is touched.
   */
  export async function remove(userId: string): Promise<void> {
    const user = await find(userId);
    if (!user) return;
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: tableName(), Key: key(userId) } },
          { Delete: { TableName: tableName(), Key: emailKey(user.email) } },
        ],
      }),
    );
  }

  export async function find(userId: string): Promise<Record | undefined> {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key(userId) }));
    return Item?._type === ENTITY ? fromItem(Item) : undefined;
  }

  /** The account of an address (lowercased and trimmed first), if there is one. */
  export async function findByEmail(address: string): Promise<Record | undefined> {
    const parsed = email.safeParse(address);
    if (!parsed.success) return undefined;
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: emailKey(parsed.data) }));
    return typeof Item?.userId === 'string' ? find(Item.userId) : undefined;
  }

  export async function markEmailVerified(userId: string): Promise<void> {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key(userId),
        UpdateExpression: 'SET emailVerified = :yes, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':yes': true, ':now': new Date().toISOString() },
      }),
    );
  }

  /**
   * Stores a new password and bumps the token version, which ends every
   * session issued before. Returns the new version.
   */
  export async function setPassword(userId: string, password: string): Promise<number> {
    const passwordHash = await hashPassword(password);
    const result = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key(userId),
        UpdateExpression: 'SET passwordHash = :hash, updatedAt = :now ADD tokenVersion :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':hash': passwordHash, ':now': new Date().toISOString(), ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(result.Attributes?.tokenVersion);
  }
}
