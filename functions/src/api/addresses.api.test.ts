import { SAVED_ADDRESS_LIMIT } from '@app/core/address/saved';
import { Geo } from '@app/core/geo/index';
import { describe, expect, it } from 'vitest';
import { send } from '../../../tests/booking-factories';
import { createUser, createUserWithCard, homeAddress, json } from '../../../tests/factories';
import type { AddressReply } from './addresses';

const exton = { street: '100 E Lincoln Hwy', city: 'Exton', state: 'PA', zipCode: '19341' };
type Who = { headers: Record<string, string> };

const list = async (who: Who) =>
  json<AddressReply[]>(await send('GET', '/api/users/me/addresses', who.headers));
const add = (who: Who, body: unknown) => send('POST', '/api/users/me/addresses', who.headers, body);

describe('/api/users/me/addresses', () => {
  it('adds, lists, edits and deletes; the first is the default; each carries its area check', async () => {
    const customer = await createUser();
    expect(await list(customer)).toEqual([]);

    const first = await add(customer, { ...homeAddress, state: 'pa', unit: ' Apt 4 ' });
    expect(first.status).toBe(201);
    const home = await json<AddressReply>(first);
    expect(home).toMatchObject({
      ...homeAddress,
      state: 'PA',
      unit: 'Apt 4',
      isDefault: true,
      serviceArea: { served: true, tripFee: 0 },
    });
    expect(home._id).toMatch(/^adr_/);
    expect(home.serviceArea.miles).toBeLessThan(5);

    const second = await json<AddressReply>(await add(customer, exton));
    expect(second).toMatchObject({ ...exton, unit: '', accessNotes: '', isDefault: false });

    // Making the second the default moves the mark; the edit is geocoded again.
    const edited = await send('PUT', `/api/users/me/addresses/${second._id}`, customer.headers, {
      ...exton,
      zipCode: '19380',
      isDefault: true,
    });
    expect(edited.status).toBe(200);
    expect(await json(edited)).toMatchObject({ zipCode: '19380', isDefault: true });
    expect((await list(customer)).map((a) => [a._id, a.isDefault])).toEqual([
      [home._id, false],
      [second._id, true],
    ]);

    // Deleting the default makes another the default; deleting the last leaves none.
    const deleted = await send('DELETE', `/api/users/me/addresses/${second._id}`, customer.headers);
    expect(deleted.status).toBe(200);
    expect(await json(deleted)).toEqual({ msg: 'Address deleted.' });
    expect((await list(customer)).map((a) => [a._id, a.isDefault])).toEqual([[home._id, true]]);
    await send('DELETE', `/api/users/me/addresses/${home._id}`, customer.headers);
    expect(await list(customer)).toEqual([]);
    // A new first address is the default again.
    expect(await json(await add(customer, exton))).toMatchObject({ isDefault: true });
  });

  it(`keeps at most ${SAVED_ADDRESS_LIMIT}, also when they arrive at once`, async () => {
    const customer = await createUser();
    const replies = await Promise.all(
      Array.from({ length: SAVED_ADDRESS_LIMIT + 4 }, (_, i) =>
        add(customer, { ...exton, unit: `Unit ${i}` }),
      ),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(SAVED_ADDRESS_LIMIT);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
    const saved = await list(customer);
    expect(saved).toHaveLength(SAVED_ADDRESS_LIMIT);
    expect(saved.filter((a) => a.isDefault)).toHaveLength(1);
    const over = await add(customer, exton);
    expect(over.status).toBe(409);
    expect(await json(over)).toEqual({ msg: expect.stringMatching(/up to 10 addresses/) });
  });

  it("another customer's address is 404; admins have none (403) but read a customer's", async () => {
    const [alice, bob, admin] = await Promise.all([
      createUser(),
      createUser(),
      createUser({ role: 'admin' }),
    ]);
    const mine = await json<AddressReply>(await add(alice, exton));
    expect((await send('PUT', `/api/users/me/addresses/${mine._id}`, bob.headers, exton)).status).toBe(404);
    expect((await send('DELETE', `/api/users/me/addresses/${mine._id}`, bob.headers)).status).toBe(404);
    expect(await list(bob)).toEqual([]);
    expect((await list(alice)).map((a) => a._id)).toEqual([mine._id]);

    const refused = await send('GET', '/api/users/me/addresses', admin.headers);
    expect(refused.status).toBe(403);
    expect(await json(refused)).toEqual({ msg: 'Only customers keep service addresses.' });
    const read = await send('GET', `/api/admin/users/${alice._id}/addresses`, admin.headers);
    expect(read.status).toBe(200);
    expect(await json(read)).toEqual([expect.objectContaining({ _id: mine._id, isDefault: true })]);
    expect((await send('GET', `/api/admin/users/${alice._id}/addresses`, bob.headers)).status).toBe(403);
  });

  it('checks every field with its rule and one message; an unknown ZIP and bad ids are refused', async () => {
    const customer = await createUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...exton, street: ' ' }, 'Street is required.'],
      [{ ...exton, street: 'x'.repeat(121) }, 'Street must be at most 120 characters.'],
      [{ ...exton, street: 'Main\nSt' }, 'Street cannot contain line breaks.'],
      [{ ...exton, city: undefined }, 'City is required.'],
      [{ ...exton, state: 'XX' }, 'State must be a US state code such as PA.'],
      [{ ...exton, zipCode: '1938' }, 'ZIP code must look like 19380 or 19380-1234.'],
      [{ ...exton, zipCode: '' }, 'ZIP code is required.'],
      [{ ...exton, accessNotes: 'gate\u0000code' }, 'Access notes cannot contain control characters.'],
      [{ ...exton, accessNotes: 'x'.repeat(501) }, 'Access notes must be at most 500 characters.'],
      [{ ...exton, unit: null }, 'Unit must be text.'],
      [{ ...exton, isDefault: 'yes' }, 'isDefault must be true or false.'],
    ];
    for (const [body, msg] of cases) {
      const response = await add(customer, body);
      expect([response.status, await json(response)], JSON.stringify(body)).toEqual([400, { msg }]);
    }
    const unknown = await add(customer, { ...exton, zipCode: '00000' });
    expect([unknown.status, await json(unknown)]).toEqual([400, { msg: Geo.messages.unknownZip }]);
    expect(await list(customer)).toEqual([]);
    expect((await send('PUT', '/api/users/me/addresses/nope', customer.headers, exton)).status).toBe(400);
  });

  it('an address outside the area is kept, and says so', async () => {
    const customer = await createUserWithCard();
    const far = await json<AddressReply>(
      await add(customer, { street: '1 Main St', city: 'Pittsburgh', state: 'PA', zipCode: '15222' }),
    );
    expect(far.serviceArea.served).toBe(false);
    expect(far.isDefault).toBe(false);
    expect(far.serviceArea.miles).toBeGreaterThan(200);
    // Issue 30: the reply says it is outside when saving (the web shows it, not as a plain success).
    expect(far.serviceArea.message).toBe(Geo.messages.outside('15222'));
    expect((await list(customer)).find((a) => a._id === far._id)?.serviceArea.message).toBe(
      Geo.messages.outside('15222'),
    );
    const near = await json<AddressReply>(await add(customer, exton));
    expect(near.serviceArea).toMatchObject({ served: true, message: '' });
  });

  it('a duplicate address is refused with 409 and a msg, however it is written (issue 30)', async () => {
    const customer = await createUser();
    const home = await json<AddressReply>(await add(customer, { ...exton, unit: 'Apt 4' }));
    for (const twin of [
      { ...exton, unit: 'Apt 4' },
      { street: '100 East Lincoln Highway', city: 'exton', state: 'pa', zipCode: '19341-1234', unit: '#4' },
      { street: ' 100  E. Lincoln Hwy ', city: 'EXTON', state: 'PA', zipCode: '19341', unit: 'unit 4' },
    ]) {
      const response = await add(customer, twin);
      expect(response.status, JSON.stringify(twin)).toBe(409);
      expect(await json(response)).toEqual({ msg: 'You have already saved this address.' });
    }
    // Another unit of the building is another place; an edit into a twin of another is refused too.
    const other = await json<AddressReply>(await add(customer, { ...exton, unit: 'Apt 5' }));
    expect(other._id).toMatch(/^adr_/);
    const edit = await send('PUT', `/api/users/me/addresses/${other._id}`, customer.headers, {
      ...exton,
      unit: 'apt. 4',
    });
    expect(edit.status).toBe(409);
    expect(await json(edit)).toEqual({ msg: 'You have already saved this address.' });
    // Saving an address unchanged is not a duplicate of itself.
    const same = await send('PUT', `/api/users/me/addresses/${home._id}`, customer.headers, {
      ...exton,
      unit: 'Apt 4',
      accessNotes: 'Side door',
    });
    expect(same.status).toBe(200);
    expect((await list(customer)).map((a) => a.unit)).toEqual(['Apt 4', 'Apt 5']);
  });

  it('the same new address sent many times at once is saved once (issue 30)', async () => {
    const customer = await createUser();
    const replies = await Promise.all(Array.from({ length: 8 }, () => add(customer, exton)));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const reply of replies.filter((r) => r.status === 409))
      expect((await json<{ msg: string }>(reply)).msg).toMatch(/already saved|same time/);
    const saved = await list(customer);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.isDefault).toBe(true);
  });
});
