import { QueryCommand, type QueryCommandInput, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';

/** Every item a query matches, following the pages to the end (a page stops at 1 MB). */
export async function queryAll<Item>(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page = await db().send(
      new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: startKey }),
    );
    items.push(...((page.Items ?? []) as Item[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/**
 * Every item of one kind, through the `byCollection` index, in the index's
 * sort order, or reversed with `descending` (newest first where the sort key
 * starts with a date).
 */
export function queryCollection<Item>(
  collectionPk: string,
  options: { descending?: boolean } = {},
): Promise<Item[]> {
  return queryAll<Item>({
    IndexName: 'byCollection',
    KeyConditionExpression: 'collectionPk = :pk',
    ExpressionAttributeValues: { ':pk': collectionPk },
    ScanIndexForward: !options.descending,
  });
}

/** A DynamoDB string set (absent when empty: a set cannot be empty) as a sorted list of ids. */
export const idList = (set: Set<string> | undefined): string[] => [...(set ?? [])].sort();
