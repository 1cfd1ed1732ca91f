import { bookingSteps } from '@app/core/booking/migrate';
import { migrationSteps as technicianSteps } from '@app/core/dispatch/technician-migrate';
import { Contact } from '@app/core/contact/index';
import { Customer } from '@app/core/customer/index';
import { revenueSteps } from '@app/core/revenue/migrate';
import { reminderSteps } from '@app/core/reminder/migrate';
import { ServiceRequest } from '@app/core/service-request/index';
import { Service } from '@app/core/service/index';
import { Testimonial } from '@app/core/testimonial/index';
import { workOrderSteps } from '@app/core/workorder/migrate';
import { type MigrationStep, type RunOptions, runSteps, type StepReport } from '@app/core/db/migration';

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
];

/** Runs the steps not yet done (see runner.ts); what each changed in this run. */
export function migrate(options: RunOptions = {}): Promise<Record<string, StepReport>> {
  return runSteps(migrationSteps, options);
}

export type { MigrationStep, RunOptions, StepReport };
