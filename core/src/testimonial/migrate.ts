import { indexBackfillStep, type MigrationStep } from '../db/migration';
import { entity, type Stored } from './store';

/**
 * Decision 063's step (listed in functions/src/lambda/migrations.ts): a testimonial written
 * before decision 057 has no entry in the carousel's sparse index. Sets it
 * as every write computes it, on condition that the flag and rating are
 * still the ones read and no entry was written meanwhile.
 */
export const migrationSteps: MigrationStep[] = [
  indexBackfillStep<Stored>(
    'testimonial-featured-index',
    (cursor, limit) => entity.query.byCreation({}, { limit, cursor }),
    entity,
    'byOwner',
    (t) => (c) => c.and(c.notInIndex('byOwner'), c.eq('featured', t.featured), c.eq('rating', t.rating)),
  ),
];
