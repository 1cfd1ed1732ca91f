import { retryQueue, sweepQueue } from '@app/core/billing/payment-queue';
import { bookingSteps } from '@app/core/booking/migrate';
import { migrationSteps as technicianSteps } from '@app/core/dispatch/technician-migrate';
import { dueQueueStep, oldQueue } from '@app/core/db/migration';
import { Outbox } from '@app/core/mail/outbox';
import { reminderQueue } from '@app/core/booking/reminder-due';
import { ReviewRequest } from '@app/core/review-request/index';
import { ackQueue } from '@app/core/workorder/store';
import { Contact } from '@app/core/contact/index';
import { Customer } from '@app/core/customer/index';
import { revenueSteps } from '@app/core/revenue/migrate';
import { reminderSteps } from '@app/core/reminder/migrate';
import { ServiceRequest } from '@app/core/service-request/index';
import { Service } from '@app/core/service/index';
import { Testimonial } from '@app/core/testimonial/index';
import { workOrderSteps } from '@app/core/workorder/migrate';
import { TextReply } from '@app/core/text-reply/index';
import { garageSteps } from '@app/core/vehicle-history/migrate';
import { type MigrationStep, type RunOptions, runSteps, type StepReport } from '@app/core/db/migration';

/**
 * The queues of due work before decision 109, each with its own index or
 * partition: their items move onto the one due queue (`dueWork`). Until the
 * step has run, old items wait (the jobs read only the new queue); the first
 * run after the release moves them, the next runs do them.
 */
const dueQueueMove = dueQueueStep('due-queue', [
  oldQueue(Outbox.dueQueue.entity, { index: 'unsentMail', partition: 'UNSENT' }),
  oldQueue(ackQueue.entity, { index: 'pendingAcknowledgments', partition: 'ACK_PENDING' }),
  oldQueue(sweepQueue.entity, { index: 'byCollection', partition: 'PAYQUEUE#pending' }),
  oldQueue(retryQueue.entity, { index: 'byCollection', partition: 'PAYQUEUE#retry' }),
  oldQueue(reminderQueue.entity, { index: 'byCollection', partition: 'REMINDERS' }),
  oldQueue(ReviewRequest.dueQueue.entity, { index: 'byCollection', partition: 'REVIEW_DUE' }),
]);

/**
 * Every migration step, in the order they run (decision 063). Each domain
 * owns its steps and builds them with the runner in core/src/db/migration.ts;
 * this list lives here, at the composition root beside the scheduled job that
 * runs it (and the local stack's start, functions/src/local/boot.ts), so that
 * no core folder imports every domain (decision 102). A step added here runs
 * once on every table and is then a read a run.
 */
export const migrationSteps: readonly MigrationStep[] = [
  ...Service.migrationSteps,
  ...bookingSteps,
  ...workOrderSteps,
  ...Customer.migrationSteps,
  ...Testimonial.migrationSteps,
  ...Contact.migrationSteps,
  ...ServiceRequest.migrationSteps,
  ...revenueSteps,
  ...technicianSteps,
  ...reminderSteps,
  ...TextReply.migrationSteps,
  dueQueueMove,
  ...garageSteps,
];

/** Runs the steps not yet done (see runner.ts); what each changed in this run. */
export function migrate(options: RunOptions = {}): Promise<Record<string, StepReport>> {
  return runSteps(migrationSteps, options);
}

export type { MigrationStep, RunOptions, StepReport };
