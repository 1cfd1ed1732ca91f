import * as z from 'zod';
import { defineEntity } from './entity';
import { expiryStep, type MigrationStep } from './migration';
import { expiresAfterDays, FORM_MESSAGE_DAYS } from './ttl';

/**
 * A public form's messages (the contact page, the home page's help request): each kept by id
 * under `prefix`, listed newest first under `collection` (its partition of the collection index), and deleted by
 * TTL after the period the privacy page states (decision 058). With the migration step (decision
 * 063) that gives the ones written before decision 058 their TTL, and the stamps a new one takes.
 */
const Kept = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** Deleted by TTL after the period the privacy page states. */
  expiresAt: z.number().optional(),
});
type Kept = z.infer<typeof Kept>;

export function formMessages(def: {
  name: string;
  prefix: string;
  /** The key of its partition in the collection index (a definition, like `key`; never a query's). */
  collection: string;
  step: string;
  /** What the form sends, as stored. */
  fields: z.ZodObject;
}) {
  const entity = defineEntity({
    name: def.name,
    version: 1,
    schema: Kept.extend(def.fields.shape) as unknown as z.ZodType<Kept & Record<string, unknown>>,
    key: ({ id }: { id: string }) => ({ pk: `${def.prefix}#${id}`, sk: def.prefix }),
    indexes: { byCollection: (m) => ({ pk: def.collection, sk: `${m.createdAt}#${m.id}` }) },
  });
  const migrationSteps: MigrationStep[] = [expiryStep(def.step, entity, def.collection, FORM_MESSAGE_DAYS)];
  /** When a message sent at `now` was written, and when it is deleted. */
  const stamped = (now = Date.now()) => ({
    createdAt: new Date(now).toISOString(),
    expiresAt: expiresAfterDays(FORM_MESSAGE_DAYS, now),
  });
  return { entity, migrationSteps, stamped };
}
