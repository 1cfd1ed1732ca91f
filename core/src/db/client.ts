import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { awsClientOptions } from '../util/aws';
import { countWrites } from './recent';

let client: DynamoDBDocumentClient | undefined;

/** The low-level client, pointed at DynamoDB Local in local mode. */
export function rawDb(): DynamoDBClient {
  return new DynamoDBClient(awsClientOptions('dynamodb'));
}

/** The document client every domain module uses. */
export function db(): DynamoDBDocumentClient {
  if (!client) {
    client = DynamoDBDocumentClient.from(rawDb(), { marshallOptions: { removeUndefinedValues: true } });
    // The display's short memory (recent.ts) forgets on every write this process sends.
    countWrites(client);
  }
  return client;
}

export function tableName(): string {
  return config().tableName;
}
