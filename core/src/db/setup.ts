import {
  CreateTableCommand,
  type GlobalSecondaryIndex,
  type CreateTableCommandInput,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceInUseException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { type IndexName, indexProjection, keyAttributes, table } from './table';

/** The CreateTable request for our table, derived from the shared definition in table.ts. */
const attributeDefinitions = keyAttributes.map((attribute) => ({
  AttributeName: attribute,
  AttributeType: 'S' as const,
}));

const globalIndexes: GlobalSecondaryIndex[] = Object.entries(table.indexes).map(([indexName, index]) => {
  const projection = indexProjection(indexName as IndexName);
  return {
    IndexName: indexName,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' },
      { AttributeName: index.sortKey, KeyType: 'RANGE' },
    ],
    Projection:
      projection === 'all'
        ? { ProjectionType: 'ALL' }
        : projection === 'keys'
          ? { ProjectionType: 'KEYS_ONLY' }
          : { ProjectionType: 'INCLUDE', NonKeyAttributes: [...projection] },
  };
});

export function createTableInput(name: string): CreateTableCommandInput {
  return {
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: attributeDefinitions,
    KeySchema: [
      { AttributeName: table.partitionKey, KeyType: 'HASH' },
      { AttributeName: table.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: globalIndexes,
  };
}

/**
 * Adds the indexes table.ts declares and an existing table lacks (a local
 * data dir made by an older version), or carries with another projection
 * (dropped and made again), one at a time as DynamoDB requires, waiting
 * until each is active. On AWS, SST does the same from the same file.
 */
async function addMissingIndexes(client: DynamoDBClient, name: string): Promise<string[]> {
  const added: string[] = [];
  for (const index of globalIndexes) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    const existing = Table?.GlobalSecondaryIndexes?.find((i) => i.IndexName === index.IndexName);
    if (existing && sameProjection(existing.Projection, index.Projection)) continue;
    // DynamoDB cannot change an index's projection in place: the index is dropped and made again.
    if (existing) await dropIndex(client, name, String(index.IndexName));
    await client.send(
      new UpdateTableCommand({
        TableName: name,
        // Only the new index's key attributes: DynamoDB refuses definitions no key uses.
        AttributeDefinitions: attributeDefinitions.filter((a) =>
          index.KeySchema?.some((k) => k.AttributeName === a.AttributeName),
        ),
        GlobalSecondaryIndexUpdates: [{ Create: index }],
      }),
    );
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { Table: now } = await client.send(new DescribeTableCommand({ TableName: name }));
      const status = now?.GlobalSecondaryIndexes?.find((i) => i.IndexName === index.IndexName)?.IndexStatus;
      if (status === 'ACTIVE') break;
      if (Date.now() > deadline)
        throw new Error(`The index ${index.IndexName} did not become active in 60 s.`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    added.push(String(index.IndexName));
  }
  return added;
}

/** Whether an existing index carries what the declared one does (the same type, the same INCLUDE list). */
function sameProjection(
  existing: GlobalSecondaryIndex['Projection'],
  declared: GlobalSecondaryIndex['Projection'],
): boolean {
  const sorted = (p: GlobalSecondaryIndex['Projection']) => [...(p?.NonKeyAttributes ?? [])].sort().join(',');
  return existing?.ProjectionType === declared?.ProjectionType && sorted(existing) === sorted(declared);
}

/** Deletes an index of a local table (made by an older version) and waits until it is gone. */
async function dropIndex(client: DynamoDBClient, name: string, indexName: string): Promise<void> {
  await client.send(
    new UpdateTableCommand({
      TableName: name,
      GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: indexName } }],
    }),
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    if (!Table?.GlobalSecondaryIndexes?.some((i) => i.IndexName === indexName)) return;
    if (Date.now() > deadline) throw new Error(`The index ${indexName} was still there after 60 s.`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Creates the table (with its indexes and TTL) unless it exists. Used by the
 * local stack and the tests; on AWS, SST creates it from the same definition.
 */
export async function ensureTable(client: DynamoDBClient, name: string): Promise<'created' | 'existed'> {
  try {
    await client.send(new DescribeTableCommand({ TableName: name }));
    await addMissingIndexes(client, name);
    return 'existed';
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
  }
  try {
    await client.send(new CreateTableCommand(createTableInput(name)));
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
  }
  await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: name });
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: name,
      TimeToLiveSpecification: { AttributeName: table.ttlAttribute, Enabled: true },
    }),
  );
  return 'created';
}
