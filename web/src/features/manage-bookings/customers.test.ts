import { describe, expect, it } from 'vitest';
import { InvalidCustomerReply, readCustomers } from './customers';

const person = (id: string, overrides: Record<string, unknown> = {}) => ({
  _id: id,
  firstName: 'Casey',
  lastName: 'Tester',
  email: `${id}@example.com`,
  phone: '',
  username: id,
  isAdmin: false,
  role: 'customer',
  hasCardOnFile: false,
  ...overrides,
});

describe('readCustomers', () => {
  it('accepts a plain array and an object with users', () => {
    expect(readCustomers([person('a')]).map((c) => c._id)).toEqual(['a']);
    expect(readCustomers({ users: [person('b')] }).map((c) => c._id)).toEqual(['b']);
    expect(readCustomers([])).toEqual([]);
  });

  it('filters out users with isAdmin or role admin', () => {
    const reply = [person('a'), person('b', { isAdmin: true }), person('c', { role: 'admin' })];
    expect(readCustomers(reply).map((c) => c._id)).toEqual(['a']);
  });

  it('rejects anything else', () => {
    for (const reply of [null, 'users', 42, {}, { users: 'x' }, [{ name: 'no id' }], { data: [] }]) {
      expect(() => readCustomers(reply)).toThrow(InvalidCustomerReply);
    }
  });
});
