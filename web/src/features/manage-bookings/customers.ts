import type { Customer } from './types';

/** The search's reply was neither a list nor `{ users: [...] }` (doc 2 §7, §8). */
export class InvalidCustomerReply extends Error {
  override readonly name = 'InvalidCustomerReply';
}

const isCustomer = (value: unknown): value is Customer =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Customer)._id === 'string' &&
  typeof (value as Customer).email === 'string';

/** Users with isAdmin or role admin never appear in a customer list (doc 2 §2), whatever the server sent. */
export const isAdminUser = (user: { isAdmin?: unknown; role?: unknown }): boolean =>
  user.isAdmin === true || user.role === 'admin';

/**
 * The customers of a list or search reply: a plain array, or an object with
 * `users` (doc 2 §7); anything else throws InvalidCustomerReply. Admins are
 * filtered out.
 */
export function readCustomers(reply: unknown): Customer[] {
  const list: unknown = Array.isArray(reply)
    ? reply
    : typeof reply === 'object' && reply !== null
      ? (reply as { users?: unknown }).users
      : undefined;
  if (!Array.isArray(list) || !list.every(isCustomer)) throw new InvalidCustomerReply();
  return list.filter((user) => !isAdminUser(user));
}

/** 'Casey Tester'. */
export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();
