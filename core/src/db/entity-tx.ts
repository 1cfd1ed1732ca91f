import type { UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { tableName } from './client';
import { conditionInput, type PatchInput, type UpdateInput, When } from './expression';
import { type Condition, ifAbsent, type TransactItem } from './transact';

type Raw = Record<string, unknown>;
type Key = { pk: string; sk: string };

const asCondition = (condition: Condition | When | undefined): Condition | undefined =>
  condition instanceof When ? conditionInput(condition) : condition;

/**
 * An entity's transaction items (`entity.tx`, see `transactWrite`), from its
 * key, its stored item and its patch input (entity.ts).
 */
export function transactItems<Rec, K>(
  key: (id: K) => Key,
  item: (record: Rec) => Raw,
  patchInput: (input: PatchInput<Rec>, upsert: boolean) => UpdateInput,
) {
  return {
    put: (record: Rec, options: { ifAbsent?: boolean; when?: When } = {}): TransactItem => ({
      Put: {
        TableName: tableName(),
        Item: item(record),
        ...(options.ifAbsent ? ifAbsent : {}),
        ...(options.when ? conditionInput(options.when) : {}),
      },
    }),
    /** A patch as a transaction item (see `patch`). */
    patch: (id: K, input: PatchInput<Rec>): TransactItem => ({
      Update: { ...patchInput(input, false), TableName: tableName(), Key: key(id) },
    }),
    /** An upsert as a transaction item (see `upsert`). */
    upsert: (id: K, input: PatchInput<Rec>): TransactItem => ({
      Update: { ...patchInput(input, true), TableName: tableName(), Key: key(id) },
    }),
    update: (id: K, input: Omit<UpdateCommandInput, 'TableName' | 'Key' | 'ReturnValues'>): TransactItem => ({
      Update: {
        ...input,
        TableName: tableName(),
        Key: key(id),
        UpdateExpression: input.UpdateExpression ?? '',
      },
    }),
    delete: (id: K, condition?: Condition | When): TransactItem => ({
      Delete: { TableName: tableName(), Key: key(id), ...asCondition(condition) },
    }),
    check: (
      id: K,
      condition: (Required<Pick<Condition, 'ConditionExpression'>> & Condition) | When,
    ): TransactItem => ({
      ConditionCheck: {
        TableName: tableName(),
        Key: key(id),
        ...(condition instanceof When ? conditionInput(condition) : condition),
      },
    }),
  };
}
