import type { UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { moveOntoDueQueue } from './due-queue';
import { defineEntity, type Entity } from './entity';
import type { PatchInput } from './expression';
import type { Page, QueryOptions } from './paging';
import type { IndexKey } from './patterns';
import type { IndexName } from './table';
import { expiresAfterDays } from './ttl';

/**
 * The one migration runner (decision 063): steps that bring items written by
 * an earlier release up to what today's code expects (index keys, counters,
 * TTL). Each domain owns its steps (booking/migrate.ts, workorder/migrate.ts,
 * ...); the composition root lists them (functions/src/lambda/migrations.ts,
 * decision 102), so no domain imports another's steps through core.
 *
 * A step works a page at a time from a cursor. After each page the runner
 * records where it got to in the step's marker item (`MIGRATION` / name), so a
 * run cut short (the cron's time budget, a Lambda timeout, a crash) resumes
 * there on the next run; the marker says done only once a page ended with no
 * cursor. Every write a step makes is conditional and idempotent, so a page
 * done twice (a run killed before it saved its cursor, two runs at once)
 * changes nothing the second time.
 */
export type MigrationStep = {
  /** The marker's name: never renamed (a renamed step runs again). */
  name: string;
  /** One bounded page from `cursor` (null: the start): how many items it changed, and where the next page starts. */
  page(cursor: string | null, pageSize: number): Promise<{ changed: number; cursor: string | null }>;
};

/**
 * The usual step: read a page of a collection with the entity layer's
 * bounded `query`, and bring each item up to date (`apply` answers whether it
 * changed anything).
 */
export function pagedStep<Rec>(
  name: string,
  read: (cursor: string | null, limit: number) => Promise<Page<Rec>>,
  apply: (record: Rec) => Promise<boolean>,
): MigrationStep {
  return {
    name,
    async page(cursor, pageSize) {
      const page = await read(cursor, pageSize);
      let changed = 0;
      for (const record of page.items) if (await apply(record)) changed += 1;
      return { changed, cursor: page.cursor };
    },
  };
}

/**
 * The step for an index that records written before it lack: pages through `read` and, for each
 * record that belongs in `index` (as every write now computes its entry), writes that entry alone,
 * on condition `when` (what was read still holds; a live write meanwhile writes the entry itself).
 */
export function indexBackfillStep<Rec extends Record<string, unknown>>(
  name: string,
  read: (cursor: string | null, limit: number) => Promise<Page<Rec>>,
  entity: {
    indexKey(index: IndexName, record: Rec): IndexKey | undefined;
    patch(id: Rec, input: PatchInput<Rec>): Promise<Rec | null>;
  },
  index: IndexName,
  when: (record: Rec) => PatchInput<Rec>['when'],
): MigrationStep {
  return pagedStep(name, read, async (record) => {
    const entry = entity.indexKey(index, record);
    if (!entry) return false;
    return (await entity.patch(record, { index: { [index]: entry }, when: when(record) })) !== null;
  });
}

/** One old queue's items, a page at a time, moved onto the due queue (`oldQueue`). */
export type OldQueue = (
  cursor: string | null,
  pageSize: number,
) => Promise<{ changed: number; cursor: string | null }>;

/** The items an earlier release kept in a queue of its own (`old`: an index and partition) of `entity`. */
export function oldQueue<Rec extends Record<string, unknown>, K extends Partial<Rec>>(
  entity: Entity<Rec, K>,
  old: Parameters<typeof moveOntoDueQueue>[1],
): OldQueue {
  return (cursor, pageSize) => moveOntoDueQueue(entity, old, cursor, pageSize);
}

/**
 * One step that moves the items of the old queues onto the one due queue
 * (decision 109), queue after queue: each item gets the entry its entity's
 * definition gives it today. Old queues found empty are passed within the
 * same page, so on a table without old items the step is one page.
 */
export function dueQueueStep(name: string, queues: readonly OldQueue[]): MigrationStep {
  return {
    name,
    async page(cursor, pageSize) {
      let { at, inner } = cursor
        ? (JSON.parse(cursor) as { at: number; inner: string | null })
        : { at: 0, inner: null as string | null };
      let changed = 0;
      for (; at < queues.length; at += 1, inner = null) {
        const page = await queues[at]!(inner, pageSize);
        changed += page.changed;
        if (page.cursor) return { changed, cursor: JSON.stringify({ at, inner: page.cursor }) };
        if (changed > 0 && at + 1 < queues.length)
          return { changed, cursor: JSON.stringify({ at: at + 1, inner: null }) };
      }
      return { changed, cursor: null };
    },
  };
}

/**
 * A step for messages kept only for a period (contact and help forms): one
 * written before they carried `expiresAt` gets it, counted from its
 * `createdAt` as a new one is (one long past its period then expires at once).
 */
export function expiryStep<Rec extends { id: string; createdAt: string; expiresAt?: number }>(
  name: string,
  entity: {
    query(options: QueryOptions<Rec>): Promise<Page<Rec>>;
    update(
      id: { id: string },
      input: Omit<UpdateCommandInput, 'TableName' | 'Key' | 'ReturnValues'>,
    ): Promise<Rec | null>;
  },
  partition: string,
  days: number,
): MigrationStep {
  return pagedStep(
    name,
    (cursor, limit) => entity.query({ index: 'byCollection', partition, limit, cursor }),
    async (record) => {
      if (record.expiresAt !== undefined) return false;
      const updated = await entity.update(
        { id: record.id },
        {
          UpdateExpression: 'SET expiresAt = :at',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(expiresAt)',
          ExpressionAttributeValues: { ':at': expiresAfterDays(days, record.createdAt) },
        },
      );
      return updated !== null;
    },
  );
}

const marker = defineEntity({
  name: 'migration',
  version: 1,
  schema: z.object({
    name: z.string(),
    /** When the step finished; absent while it is under way (markers of decision 050 always have it). */
    at: z.string().optional(),
    startedAt: z.string().optional(),
    /** Where the next page starts, while under way. */
    cursor: z.string().optional(),
    /** Items changed so far. */
    changed: z.number().int().optional(),
  }),
  key: ({ name }: { name: string }) => ({ pk: 'MIGRATION', sk: name }),
});

/**
 * Records a step's progress, unless it is already marked done (a slower run
 * never undoes that); false when another run had finished the step.
 */
async function saveProgress(
  name: string,
  values: { cursor?: string; changed: number; done: boolean },
): Promise<boolean> {
  const now = new Date().toISOString();
  const saved = await marker.update(
    { name },
    {
      UpdateExpression: values.done
        ? 'SET #type = :type, #v = :v, #name = :name, changed = :changed, startedAt = if_not_exists(startedAt, :now), #at = :now REMOVE #cursor'
        : 'SET #type = :type, #v = :v, #name = :name, changed = :changed, startedAt = if_not_exists(startedAt, :now), #cursor = :cursor',
      ConditionExpression: 'attribute_not_exists(#at)',
      ExpressionAttributeNames: {
        '#type': '_type',
        '#v': '_v',
        '#name': 'name',
        '#at': 'at',
        '#cursor': 'cursor',
      },
      ExpressionAttributeValues: {
        ':type': marker.name,
        ':v': marker.version,
        ':name': name,
        ':changed': values.changed,
        ':now': now,
        ...(values.done ? {} : { ':cursor': values.cursor }),
      },
    },
  );
  return saved !== null;
}

export type StepReport = { changed: number; done: boolean };

export type RunOptions = {
  /** Starts no page after this instant (epoch ms): the cron's time budget. Absent: run to the end. */
  deadline?: number;
  /** Items a page reads (default 100). */
  pageSize?: number;
  /** The clock the deadline is checked against (tests). */
  clock?: () => number;
};

/**
 * Runs every step not yet done, in order, from where each stopped. Answers
 * what the steps that were not already done changed in this run; a step with
 * `done: false` stopped at the deadline and goes on in the next run.
 */
export async function runSteps(
  steps: readonly MigrationStep[],
  options: RunOptions = {},
): Promise<Record<string, StepReport>> {
  const clock = options.clock ?? Date.now;
  const pageSize = options.pageSize ?? 100;
  const report: Record<string, StepReport> = {};
  for (const step of steps) {
    const found = await marker.get({ name: step.name }, { consistent: true });
    if (found?.at) continue;
    let cursor = found?.cursor ?? null;
    let total = found?.changed ?? 0;
    let changed = 0;
    for (;;) {
      if (options.deadline !== undefined && clock() >= options.deadline) {
        report[step.name] = { changed, done: false };
        return report;
      }
      const page = await step.page(cursor, pageSize);
      changed += page.changed;
      total += page.changed;
      cursor = page.cursor;
      const saved = await saveProgress(step.name, {
        cursor: cursor ?? undefined,
        changed: total,
        done: cursor === null,
      });
      // Done: this run's last page, or another run finished the step meanwhile.
      if (cursor === null || !saved) break;
    }
    report[step.name] = { changed, done: true };
  }
  return report;
}
