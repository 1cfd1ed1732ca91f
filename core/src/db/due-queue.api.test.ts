import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { asSystem } from '../actor';
import { Outbox } from '../mail/outbox';
import { db, tableName } from './client';
import {
  clearItem,
  defineDueQueue,
  drainDue,
  duePage,
  lease,
  queueEntry,
  settle,
  waitingPage,
} from './due-queue';
import { defineEntity, failedConditions, transactWrite } from './entity';
import { dueQueueStep, oldQueue } from './migration';

/**
 * The one due queue (decision 109): a throw-away entity in the `reminders`
 * queue of this file's own table (no reminder is written here).
 */
const Chore = defineEntity({
  name: 'chore',
  version: 1,
  schema: z.object({ id: z.string(), dueAt: z.string(), done: z.boolean(), doneBy: z.string().optional() }),
  key: ({ id }: { id: string }) => ({ pk: `CHORE#${id}`, sk: 'CHORE' }),
  indexes: { dueWork: (c) => (c.done ? undefined : queueEntry('reminders', c.dueAt, c.id)) },
});
const chores = defineDueQueue('reminders', Chore, (id) => ({ id }));

const unique = () => crypto.randomUUID().slice(0, 8);
const at = (ms: number) => new Date(ms).toISOString();

async function fileChores(count: number, dueAt: string) {
  const made = Array.from({ length: count }, () => ({ id: `c${unique()}`, dueAt, done: false }));
  await Chore.putMany(made);
  return made;
}

/** Empties the queue between tests (each test reads the whole queue). */
async function drainAll() {
  for (let page = await duePage(chores, '9999', { limit: 100 }); page.items.length > 0;) {
    await transactWrite(page.items.map((due) => clearItem(chores, due.id)));
    page = await duePage(chores, '9999', { limit: 100 });
  }
}

describe('the due queue', () => {
  it('pages what is due by now, oldest first, and what waits after it, from the index alone', async () => {
    await drainAll();
    const now = Date.now();
    await Chore.putMany([
      { id: 'later', dueAt: at(now + 60_000), done: false },
      { id: 'first', dueAt: at(now - 2_000), done: false },
      { id: 'second', dueAt: at(now - 1_000), done: false },
      { id: 'finished', dueAt: at(now - 3_000), done: true },
    ]);
    expect((await duePage(chores, now, { limit: 10 })).items.map((d) => d.id)).toEqual(['first', 'second']);
    expect((await waitingPage(chores, now, { limit: 10 })).items).toEqual([
      { id: 'later', dueAt: at(now + 60_000) },
    ]);
    // Settled: out of the queue; back in at a later time with `retryAt`.
    expect(await settle(chores, 'first', { set: { done: true } })).toMatchObject({ done: true });
    await settle(chores, 'second', { retryAt: now + 120_000 });
    expect((await duePage(chores, now, { limit: 10 })).items).toEqual([]);
    expect((await waitingPage(chores, now, { limit: 10 })).items.map((d) => d.id)).toEqual([
      'later',
      'second',
    ]);
  });

  it('lets one of many concurrent leases hold an item, and none once it moved', async () => {
    await drainAll();
    const [chore] = await fileChores(1, at(Date.now() - 1_000));
    const due = { id: chore!.id, dueAt: chore!.dueAt };
    const held = await Promise.all(Array.from({ length: 20 }, () => lease(chores, due, { ms: 60_000 })));
    expect(held.filter((item) => item !== null)).toHaveLength(1);
    // Once the lease ran out another run may take it, unless the item moved meanwhile.
    expect(await lease(chores, due, { ms: 60_000, now: Date.now() + 61_000 })).not.toBeNull();
    await settle(chores, due.id, { retryAt: Date.now() });
    expect(await lease(chores, due, { ms: 60_000, now: Date.now() + 200_000 })).toBeNull();
    // A settle that expects the old time changes nothing.
    expect(await settle(chores, due.id, { as: due, set: { done: true } })).toBeNull();
    await expect(transactWrite([clearItem(chores, due.id, { as: due })])).rejects.toSatisfy(
      (error) => failedConditions(error)?.length === 1,
    );
  });

  it('race: six jobs drain the same queue at once, and each item is acted on once', async () => {
    await drainAll();
    const made = await fileChores(24, at(Date.now() - 1_000));
    const acted: string[] = [];
    const job = (name: string) =>
      drainDue('reminders', Date.now(), { concurrency: 3, pageSize: 10 }, async (due) => {
        if (!(await lease(chores, due, { ms: 60_000 }))) return 'left';
        await new Promise((resolve) => setTimeout(resolve, 5));
        acted.push(due.id);
        return (await settle(chores, due.id, { as: due, set: { done: true, doneBy: name } }))
          ? 'done'
          : 'left';
      });
    const reports = await Promise.all(Array.from({ length: 6 }, (_, i) => job(`job-${i}`)));
    expect(reports.reduce((sum, report) => sum + report.done, 0)).toBe(made.length);
    expect(acted).toHaveLength(made.length);
    expect(new Set(acted).size).toBe(made.length);
    const stored = await Chore.getMany(made.map(({ id }) => ({ id })));
    expect(stored.every((chore) => chore.done && chore.doneBy)).toBe(true);
    expect((await duePage(chores, Date.now(), { limit: 10 })).items).toEqual([]);
  }, 60_000);

  it('takes no item past the deadline: what it left is reported and the next runs finish it, each once', async () => {
    await drainAll();
    const made = await fileChores(12, at(Date.now() - 1_000));
    const acted: string[] = [];
    const run = () =>
      drainDue(
        'reminders',
        Date.now(),
        // 50 ms an item, 2 at once: 12 items take 300 ms; each run has 120.
        { concurrency: 2, pageSize: 5, deadline: Date.now() + 120 },
        async (due) => {
          await new Promise((resolve) => setTimeout(resolve, 50));
          acted.push(due.id);
          await settle(chores, due.id, { as: due, set: { done: true } });
          return 'done';
        },
      );
    const first = await run();
    expect(first.done).toBeLessThan(made.length);
    expect(first.left).toBe(first.due - first.done);
    const reports = [first];
    while (acted.length < made.length && reports.length < 10) reports.push(await run());
    expect(reports.length).toBeGreaterThan(1);
    expect(reports.reduce((sum, report) => sum + report.done, 0)).toBe(made.length);
    expect(new Set(acted).size).toBe(made.length);
    expect(acted).toHaveLength(made.length);
  });
});

describe('the migration onto the due queue (decision 109)', () => {
  it('moves a mail queued by the release before onto the outbox queue, and the job then sends it', async () => {
    const id = `mail_old${unique()}`;
    const dueAt = Date.now() - 60_000;
    // As the release before wrote it: in `unsentMail`, its sort key the padded epoch ms.
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          pk: `MAIL#${id}`,
          sk: 'MAIL',
          _type: 'outboxMail',
          _v: 1,
          id,
          message: { to: 'old-queue@example.com', subject: 'Queued before', text: '.' },
          createdAt: new Date(dueAt).toISOString(),
          attempts: 1,
          nextAttemptAt: dueAt,
          unsentPk: 'UNSENT',
          unsentSk: `${String(dueAt).padStart(15, '0')}#${id}`,
        },
      }),
    );
    expect((await duePage('outbox', Date.now(), { limit: 100 })).items.map((d) => d.id)).not.toContain(id);
    const step = dueQueueStep('due-queue', [
      oldQueue(Outbox.dueQueue.entity, { index: 'unsentMail', partition: 'UNSENT' }),
      oldQueue(Outbox.dueQueue.entity, { index: 'byCollection', partition: 'REVIEW_DUE' }),
    ]);
    // The first old queue's item moves; the page then points at the next old queue, found empty.
    const first = await step.page(null, 25);
    expect(first).toMatchObject({ changed: 1, cursor: expect.any(String) });
    expect(await step.page(first.cursor, 25)).toEqual({ changed: 0, cursor: null });
    // Done twice (a run cut short, two runs at once): nothing more to move, in one page.
    expect(await step.page(null, 25)).toEqual({ changed: 0, cursor: null });
    const moved = await db().send(
      new GetCommand({ TableName: tableName(), Key: { pk: `MAIL#${id}`, sk: 'MAIL' } }),
    );
    expect(moved.Item).toMatchObject({ duePk: 'outbox', dueSk: `${new Date(dueAt).toISOString()}#${id}` });
    expect(moved.Item?.unsentPk).toBeUndefined();
    await asSystem('cron', () => Outbox.drain());
    expect(await Outbox.find(id)).toMatchObject({ attempts: 2, sentAt: expect.any(String) });
  });
});
