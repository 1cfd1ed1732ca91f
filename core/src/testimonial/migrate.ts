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
    (cursor, limit) => entity.query({ index: 'byCollection', partition: 'TESTIMONIAL', limit, cursor }),
    async (t) => {
      const keys = entity.item(t);
      if (typeof keys.ownerPk !== 'string') return false;
      const updated = await entity.update(
        { id: t.id },
        {
          UpdateExpression: 'SET ownerPk = :opk, ownerSk = :osk',
          ConditionExpression: 'attribute_not_exists(ownerPk) AND featured = :flag AND rating = :rating',
          ExpressionAttributeValues: {
            ':opk': keys.ownerPk,
            ':osk': keys.ownerSk,
            ':flag': t.featured,
            ':rating': t.rating,
          },
        },
      );
      return updated !== null;
    },
  ),
];
