import * as z from 'zod';
import { defineEntity } from '../db/entity';

/**
 * Work-order numbers `WO-<year>-NNNN` (decision 038): the year's atomic
 * counter; the `WONUMBER` guard that makes a number used once is written with
 * the work order (store.ts).
 */

/** `COUNTER` / `WORKORDER#<year>`: the last number used in that year. */
const counter = defineEntity({
  name: 'counter',
  version: 1,
  schema: z.object({ name: z.string(), last: z.number().int() }),
  key: ({ name }: { name: string }) => ({ pk: 'COUNTER', sk: name }),
});

/** 'WO-2026-0001'. */
export const formatNumber = (year: number, n: number) => `WO-${year}-${String(n).padStart(4, '0')}`;
export const NUMBER_SHAPE = /^WO-\d{4}-\d{4,7}$/;

export const MAX_NUMBER_TRIES = 20;

/**
 * The next number of the year's counter: one atomic `ADD` (never
 * contended: twenty creates at once get twenty numbers in one round each).
 */
export async function nextNumber(counterName: string): Promise<number> {
  const updated = await counter.upsert(
    { name: counterName },
    { add: { last: 1 }, set: { name: counterName } },
  );
  if (!updated) throw new Error(`The counter ${counterName} could not be raised.`);
  return updated.last;
}
