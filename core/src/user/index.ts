import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { db, tableName } from '../db/client';
import { VisibleError } from '../error';
import { fn } from '../util/fn';
import { createId } from '../util/id';
import { hashPassword } from './password';

/**
 * Accounts. This issue needs only what seeding an admin takes; registration,
 * sign-in and the rest of identity arrive with the accounts issue and extend
 * this module.
 */
export namespace User {
  export const roles = ['user', 'admin'] as const;
  export type Role = (typeof roles)[number];

  /** Emails are stored and compared lowercased and trimmed. */
  export const email = z.string().trim().toLowerCase().pipe(z.email('Email is invalid'));

  export const CreateInput = z.object({
    firstName: z.string().trim().min(1, 'First name is required').max(80),
    lastName: z.string().trim().min(1, 'Last name is required').max(80),
    email,
    password: z.string().min(6, 'Password must be at least 6 characters').max(200),
    role: z.enum(roles).default('user'),
    emailVerified: z.boolean().default(false),
  });

  const ENTITY = 'user';
  const VERSION = 1;
  const key = (userId: string) => ({ pk: `USER#${userId}`, sk: 'USER' });
  /** Guards the uniqueness of an email address; holds the owner's id. */
  const emailKey = (address: string) => ({ pk: `EMAIL#${address}`, sk: 'EMAIL' });

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
}
