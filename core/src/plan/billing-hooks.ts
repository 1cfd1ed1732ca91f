import type { TransactItem } from '../db/entity';
import type { Enrolment } from './store';

/**
 * What billing writes in an enrolment's own transaction (issue 35; h-billing fills it): the first
 * `planPeriod` of a monthly plan, due in `plan-charges` at its start. None for now.
 */
export function firstPeriodItems(_enrolment: Enrolment): TransactItem[] {
  return [];
}
