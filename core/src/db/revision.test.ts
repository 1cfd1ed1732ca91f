import { describe, expect, it } from 'vitest';
import type { TransactItem } from './entity';
import { putIfUnchanged, revisionOf, unchangedSince } from './revision';

type Rec = { id: string; name: string; rev?: number };
const entity = {
  tx: {
    put: (record: Rec): TransactItem => ({ Put: { TableName: 't', Item: { pk: record.id, ...record } } }),
  },
};

describe('optimistic writes (one scheme)', () => {
  it('puts the next revision, conditional on the one read', () => {
    const item = putIfUnchanged(entity, { id: 'a', name: 'new', rev: 3 }, { rev: 3 });
    expect(item.Put?.Item).toMatchObject({ name: 'new', rev: 4 });
    expect(item.Put?.ConditionExpression).toBe('attribute_exists(pk) AND rev = :readRev');
    expect(item.Put?.ExpressionAttributeValues).toEqual({ ':readRev': 3 });
  });

  it('numbers the revision from the read, whatever `next` says', () => {
    const item = putIfUnchanged(entity, { id: 'a', name: 'new', rev: 9 }, { rev: 1 });
    expect(item.Put?.Item).toMatchObject({ rev: 2 });
  });

  it('takes an item older than the scheme (no rev) as revision 0', () => {
    expect(revisionOf({})).toBe(0);
    const item = putIfUnchanged(entity, { id: 'a', name: 'new' }, {});
    expect(item.Put?.Item).toMatchObject({ rev: 1 });
    expect(item.Put?.ConditionExpression).toBe(
      'attribute_exists(pk) AND (attribute_not_exists(rev) OR rev = :readRev)',
    );
    expect(unchangedSince(0).ExpressionAttributeValues).toEqual({ ':readRev': 0 });
  });
});
