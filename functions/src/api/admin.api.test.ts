import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { asSystem } from '@app/core/actor';
import { Customer } from '@app/core/customer/index';
import { db, tableName } from '@app/core/db/client';
import { INVALID_CURSOR } from '@app/core/db/paging';
import { runSteps } from '@app/core/db/migration';
import { User } from '@app/core/user/index';
import { describe, expect, it } from 'vitest';
import { send } from '../../../tests/booking-factories';
import { createUser, json } from '../../../tests/factories';
import type { CustomerReply } from './admin';

/** Customer search by prefix over normalised keys, served by the search indexes (decision 061). */

type Headers = Record<string, string>;

/** Letters only, so a tag never reads as a phone number. */
const tag = () =>
  Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/** Every page of a search at `limit`, following X-Next-Cursor to the end. */
async function searchAll(headers: Headers, query: string, limit = 1) {
  const replies: CustomerReply[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const path = `/api/admin/users/search?query=${encodeURIComponent(query)}&limit=${limit}${
      cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
    }`;
    const response = await send('GET', path, headers);
    expect(response.status, path).toBe(200);
    const page = await json<CustomerReply[]>(response);
    expect(page.length).toBeLessThanOrEqual(limit);
    replies.push(...page);
    cursor = response.headers.get('X-Next-Cursor');
    pages += 1;
  } while (cursor && pages < 500);
  expect(cursor).toBeNull();
  return { ids: replies.map((u) => u._id), replies, pages };
}

async function inviteCustomer(headers: Headers, body: Record<string, string>) {
  const response = await send('POST', '/api/admin/create-customer', headers, body);
  expect(response.status).toBe(201);
  return (await json<{ user: CustomerReply }>(response)).user;
}

describe('customer search over the search indexes (decision 061)', () => {
  it('finds by a prefix of each key kind, case and accents aside; admins never', async () => {
    const admin = await createUser({ role: 'admin' });
    const t = tag();
    const jose = await createUser({ firstName: `José${t}`, lastName: `Núñez${t}` });
    const other = await createUser({
      firstName: 'Quinn',
      lastName: `Ortiz${t}`,
      email: `q-${t}@example.com`,
    });
    const area = `7${digits(2)}`;
    const line = digits(4);
    const phoned = await inviteCustomer(admin.headers, {
      firstName: 'Pat',
      lastName: `Phone${t}`,
      email: `pat-${t}@example.com`,
      phone: `(${area}) 555-${line}`,
    });
    const lookAlike = await createUser({ role: 'admin', firstName: `José${t}`, lastName: `Admin${t}` });
    const ids = async (query: string) => (await searchAll(admin.headers, query)).ids;

    // First name (through the full name), full name, last name: any case, accents or not.
    expect(await ids(`JOSE${t}`)).toEqual([jose._id]);
    expect(await ids(`josé${t.slice(0, 4)}`)).toEqual([jose._id]);
    expect(await ids(`jose${t}   nunez`)).toEqual([jose._id]);
    expect(await ids(`NUNEZ${t}`)).toEqual([jose._id]);
    expect(await ids(`ortiz${t}`)).toEqual([other._id]);
    // Email.
    expect(await ids(`Q-${t}`)).toEqual([other._id]);
    expect(await ids(`q-${t}@example.com`)).toEqual([other._id]);
    // Phone digits, typed plain or formatted; a prefix of them.
    expect(await ids(`${area}555${line}`)).toEqual([phoned._id]);
    expect(await ids(`(${area}) 555-${line.slice(0, 2)}`)).toContain(phoned._id);
    // Prefix only: the middle of a key finds nobody.
    expect(await ids(t)).toEqual([]);
    expect(await ids(`555${line}`)).not.toContain(phoned._id);
    // The admin who shares the name is not listed, by name or by email.
    expect(await ids(`admin${t}`)).toEqual([]);
    expect(await ids(lookAlike.email)).toEqual([]);
    const reply = (await searchAll(admin.headers, `jose${t}`)).replies[0];
    expect(reply).toEqual({
      _id: jose._id,
      firstName: `José${t}`,
      lastName: `Núñez${t}`,
      email: jose.email,
      phone: '',
      username: jose.email,
      isAdmin: false,
      role: 'customer',
      hasCardOnFile: false,
    });
  });

  it('pages with a cursor across the kinds, each customer once', async () => {
    const admin = await createUser({ role: 'admin' });
    const t = tag();
    // Each matches `t` by its name and by its email: listed once all the same.
    const both = await Promise.all(
      [1, 2, 3].map((n) =>
        createUser({ firstName: `${t}${n}`, lastName: 'Both', email: `${t}${n}@example.com` }),
      ),
    );
    const byLast = await Promise.all(
      [1, 2].map((n) => createUser({ firstName: 'Last', lastName: `${t}x${n}` })),
    );
    const byEmail = await createUser({ firstName: 'Mail', lastName: 'Only', email: `${t}mail@example.com` });
    const expected = [...both, ...byLast, byEmail].map((u) => u._id).sort();
    for (const limit of [1, 2, 4, 100]) {
      const { ids, pages } = await searchAll(admin.headers, t, limit);
      expect([...ids].sort(), `limit ${limit}`).toEqual(expected);
      if (limit === 1) expect(pages).toBeGreaterThanOrEqual(expected.length);
    }
    // Names first, then last names, then emails.
    expect((await searchAll(admin.headers, t, 100)).ids).toEqual([
      ...both.map((u) => u._id),
      ...byLast.map((u) => u._id),
      byEmail._id,
    ]);
  });

  it('a deleted customer is not found, nor one made an admin', async () => {
    const admin = await createUser({ role: 'admin' });
    const t = tag();
    const gone = await createUser({ firstName: 'Gone', lastName: `Away${t}` });
    const promoted = await createUser({ firstName: 'Pro', lastName: `Moted${t}` });
    expect((await searchAll(admin.headers, `away${t}`)).ids).toEqual([gone._id]);
    await asSystem('test', () => User.remove(gone._id));
    expect((await searchAll(admin.headers, `away${t}`)).ids).toEqual([]);
    await asSystem('test', () =>
      User.ensureAdmin({ email: promoted.email, password: 'unused-1', firstName: 'Pro', lastName: 'Moted' }),
    );
    expect((await searchAll(admin.headers, `moted${t}`)).ids).toEqual([]);
    expect((await searchAll(admin.headers, `pro moted${t}`)).ids).toEqual([]);
  });

  it('accounts written before the indexes, or renamed behind them, are found by their name after the backfill', async () => {
    const admin = await createUser({ role: 'admin' });
    const t = tag();
    const old = await createUser({ firstName: 'Olive', lastName: `Older${t}` });
    const renamed = await createUser({ firstName: 'Ronald', lastName: `Before${t}` });
    const key = (id: string) => ({ pk: `USER#${id}`, sk: 'USER' });
    // As an account written before decision 061: no search keys.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key(old._id),
        UpdateExpression: 'REMOVE custNamePk, custNameSk, custLastPk, custLastSk, custEmailPk, custEmailSk',
      }),
    );
    // Its name changed by a write that left the keys as they were.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key(renamed._id),
        UpdateExpression: 'SET lastName = :name',
        ExpressionAttributeValues: { ':name': `After${t}` },
      }),
    );
    const ids = async (query: string) => (await searchAll(admin.headers, query)).ids;
    expect(await ids(`older${t}`)).toEqual([]);
    // The stale key still points at the account, but the account as read decides.
    expect(await ids(`before${t}`)).toEqual([]);
    expect(await ids(`ronald before${t}`)).toEqual([]);

    const migrated = await runSteps(Customer.migrationSteps);
    expect(migrated['customer-search-keys']?.done).toBe(true);
    expect(migrated['customer-search-keys']?.changed).toBeGreaterThanOrEqual(2);
    expect(await ids(`older${t}`)).toEqual([old._id]);
    expect(await ids(`olive older${t}`)).toEqual([old._id]);
    expect(await ids(`after${t}`)).toEqual([renamed._id]);
    expect(await ids(`ronald after${t}`)).toEqual([renamed._id]);
    expect(await ids(`before${t}`)).toEqual([]);
    // Once: later runs read the marker only; and run again, it finds nothing to change.
    expect(await runSteps(Customer.migrationSteps)).toEqual({});
    await db().send(
      new DeleteCommand({ TableName: tableName(), Key: { pk: 'MIGRATION', sk: 'customer-search-keys' } }),
    );
    expect((await runSteps(Customer.migrationSteps))['customer-search-keys']).toEqual({
      changed: 0,
      done: true,
    });
  });

  it('a bad cursor answers 400 { msg } ', async () => {
    const admin = await createUser({ role: 'admin' });
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of [
      'not-a-cursor',
      encode({ kind: 9, inner: null }),
      encode({ kind: 0.5, inner: null }),
      encode({ kind: 0, inner: 42 }),
      encode({ kind: 0 }),
      encode({ kind: 1, inner: 'bm90IGpzb24' }),
      encode([0, null]),
    ]) {
      const response = await send(
        'GET',
        `/api/admin/users/search?query=a&cursor=${encodeURIComponent(cursor)}`,
        admin.headers,
      );
      expect(response.status, cursor).toBe(400);
      expect((await json<{ msg: string }>(response)).msg, cursor).toBe(INVALID_CURSOR);
    }
  });
});
