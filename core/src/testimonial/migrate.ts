import { type MigrationStep, pagedStep } from '../db/migration';
import { entity } from './store';

/**
 * Decision 063's step (listed in functions/src/lambda/migrations.ts): a testimonial written
 * before decision 057 has no entry in the carousel's sparse index. Sets it
 * as every write computes it, on condition that the flag and rating are
 * still the ones read and no entry was written meanwhile.
 */
export const migrationSteps: MigrationStep[] = [
  pagedStep(
    'testimonial-featured-index',
    (cursor, limit) => entity.query.byCreation({}, { limit, cursor }),
    async (t) => {
      const entry = entity.indexKey('byOwner', t);
      if (!entry) return false;
      const updated = await entity.patch(
        { id: t.id },
        {
          index: { byOwner: entry },
          when: (c) => c.and(c.notInIndex('byOwner'), c.eq('featured', t.featured), c.eq('rating', t.rating)),
        },
      );
      return updated !== null;
    },
  ),
];
