import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { defineEntity, failedConditions, transactWrite } from './entity';
import { putIfUnchanged, RAISE_REV, RAISE_REV_VALUES } from './revision';

/** A throw-away entity that takes part in the one optimistic scheme. */
const Note = defineEntity({
  name: 'revisionNote',
  version: 1,
  schema: z.object({
    id: z.string(),
    text: z.string(),
    tag: z.string().optional(),
    rev: z.number().optional(),
  }),
  key: ({ id }: { id: string }) => ({ pk: `NOTE#${id}`, sk: 'NOTE' }),
});

const refused = async (write: Promise<void>) => {
  try {
    await write;
    return false;
  } catch (error) {
    // A failed condition, or a conflict with a concurrent transaction: either way nothing was written.
    if (failedConditions(error) === null) throw error;
    return true;
  }
};

describe('optimistic writes against DynamoDB', () => {
  it('an update raises the revision, so a put from a read before it is refused and one after it is not', async () => {
    const id = crypto.randomUUID();
    await Note.put({ id, text: 'first' }); // an item from before the scheme: no rev
    const before = (await Note.get({ id }, { consistent: true }))!;

    const updated = await Note.update(
      { id },
      {
        UpdateExpression: `SET tag = :tag, ${RAISE_REV}`,
        ExpressionAttributeValues: { ':tag': 'urgent', ...RAISE_REV_VALUES },
      },
    );
    expect(updated).toMatchObject({ tag: 'urgent', rev: 1 });

    expect(await refused(transactWrite([putIfUnchanged(Note, { ...before, text: 'stale' }, before)]))).toBe(
      true,
    );
    expect(await Note.get({ id }, { consistent: true })).toMatchObject({ text: 'first', tag: 'urgent' });

    const fresh = (await Note.get({ id }, { consistent: true }))!;
    await transactWrite([putIfUnchanged(Note, { ...fresh, text: 'second' }, fresh)]);
    expect(await Note.get({ id }, { consistent: true })).toMatchObject({ text: 'second', rev: 2 });
    // The same read again is now one revision behind.
    expect(await refused(transactWrite([putIfUnchanged(Note, { ...fresh, text: 'again' }, fresh)]))).toBe(
      true,
    );
  });

  it('of two puts from the same read, exactly one is written', async () => {
    const id = crypto.randomUUID();
    await Note.put({ id, text: 'start', rev: 5 });
    const read = (await Note.get({ id }, { consistent: true }))!;
    const results = await Promise.all(
      ['a', 'b', 'c', 'd'].map((text) =>
        refused(transactWrite([putIfUnchanged(Note, { ...read, text }, read)])),
      ),
    );
    expect(results.filter((r) => !r)).toHaveLength(1);
    expect(await Note.get({ id }, { consistent: true })).toMatchObject({ rev: 6 });
  });
});
