import { type IndexName, table } from './table';

/** The small parts of the entity layer (entity.ts re-exports them). */

/** An item of the wrong kind or an unknown version: read loudly, never passed on (entity.ts). */
export class CorruptItemError extends Error {
  override readonly name = 'CorruptItemError';
}

/** Whether a zod schema declares `rev` (an object schema's shape). */
export const declaresRev = (schema: unknown) => {
  const shape = (schema as { shape?: unknown }).shape;
  return typeof shape === 'object' && shape !== null && 'rev' in shape;
};

/** The entities that may be read whole, by name (filled as they are defined). */
export const smallCollections = new Map<string, { why: string; atMost: number }>();

/** The attribute names of an index's partition and sort key. */
export const indexAttributes = (index: IndexName) => table.indexes[index];
