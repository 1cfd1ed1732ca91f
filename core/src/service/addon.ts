import * as z from 'zod';
import { assertAdmin } from '../actor';
import { cond, defineEntity, failedConditions, inCollection, transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import { fn } from '../util/fn';
import { createId, idSchema } from '../util/id';
import { type AddOn, MAX_ADD_ON_MINUTES, MAX_ADD_ONS } from './pricing';

/**
 * The shop's add-ons (issue 34, decision 122): extras such as pet hair or an
 * engine bay, each with its own price and minutes, that a service may offer.
 * A small collection by construction (MAX_ADD_ONS), admin-defined.
 */

export const addOnId = idSchema('addOn', 'add-on');

export const ADD_ON_NOT_FOUND = 'Add-on not found.';
export const TOO_MANY_ADD_ONS = `The shop holds at most ${MAX_ADD_ONS} add-ons. Delete one before adding another.`;

/** What the admin's add-on form sends (the API's edge turns dollars into cents). */
export const AddOnInput = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(80, 'Name must be at most 80 characters.'),
  priceCents: z.number().int().min(0, 'Price cannot be negative.').max(10_000_000),
  minutes: z
    .number({ error: 'Minutes must be a number.' })
    .int('Minutes must be a whole number.')
    .min(0, 'Minutes cannot be negative.')
    .max(MAX_ADD_ON_MINUTES, `An add-on takes at most ${MAX_ADD_ON_MINUTES} minutes.`),
});
export type AddOnInput = z.input<typeof AddOnInput>;

const Stored = z.object({
  id: z.string(),
  name: z.string(),
  priceCents: z.number().int(),
  minutes: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
type Stored = z.infer<typeof Stored>;

const entity = defineEntity({
  name: 'addOn',
  version: 1,
  schema: Stored,
  key: ({ id }: { id: string }) => ({ pk: `ADDON#${id}`, sk: 'ADDON' }),
  patterns: {
    /** The shop's add-ons, by name. */
    catalogue: inCollection('ADDON', (a: Stored) => `${a.name.toLowerCase()}#${a.id}`),
  },
  // `createAddOn` refuses one past MAX_ADD_ONS; the read allows twice that for races.
  smallCollection: { why: "one shop's add-ons", atMost: 2 * MAX_ADD_ONS },
});

const toAddOn = (a: Stored): AddOn => ({
  id: a.id,
  name: a.name,
  priceCents: a.priceCents,
  minutes: a.minutes,
});

/** Every add-on, ordered by name (the booking page's choice, the admin's list, the service's offer). */
export async function addOns(): Promise<AddOn[]> {
  return (await entity.readSmallCollection(entity.where('catalogue', {}))).map(toAddOn);
}

/** Adds an add-on (admin); 409 past MAX_ADD_ONS. */
export const createAddOn = fn(AddOnInput, async (input) => {
  assertAdmin();
  if ((await addOns()).length >= MAX_ADD_ONS) throw new VisibleError('conflict', TOO_MANY_ADD_ONS);
  const now = new Date().toISOString();
  const record: Stored = { id: createId('addOn'), ...input, createdAt: now, updatedAt: now };
  await entity.createIfAbsent(record);
  return toAddOn(record);
});

/** Changes an add-on's name, price and minutes (admin); 404 when there is none. Booked snapshots keep theirs. */
export const updateAddOn = fn(AddOnInput.extend({ addOnId }), async ({ addOnId: id, ...fields }) => {
  assertAdmin();
  const current = await entity.get({ id }, { consistent: true });
  if (!current) throw new VisibleError('not_found', ADD_ON_NOT_FOUND);
  const record: Stored = { ...current, ...fields, updatedAt: new Date().toISOString() };
  try {
    await transactWrite([entity.tx.put(record, { when: cond.itemExists() })]);
  } catch (error) {
    // Deleted meanwhile.
    if (!failedConditions(error)?.length) throw error;
    throw new VisibleError('not_found', ADD_ON_NOT_FOUND);
  }
  return toAddOn(record);
});

/** Deletes an add-on (admin); 404 when there is none. Services that offered it offer it no more. */
export const removeAddOn = fn(addOnId, async (id) => {
  assertAdmin();
  const current = await entity.get({ id }, { consistent: true });
  if (!current) throw new VisibleError('not_found', ADD_ON_NOT_FOUND);
  await entity.delete({ id });
  return toAddOn(current);
});
