import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';

/**
 * Every item of one kind, through the `byCollection` index, following the
 * pages to the end (a page stops at 1 MB). In the index's sort order, or
 * reversed with `descending` (newest first where the sort key starts with a date).
 */
export async function queryCollection<Item>(
  collectionPk: string,
  options: { descending?: boolean } = {},
): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'byCollection',
        KeyConditionExpression: 'collectionPk = :pk',
        ExpressionAttributeValues: { ':pk': collectionPk },
        ScanIndexForward: !options.descending,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...((page.Items ?? []) as Item[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}
