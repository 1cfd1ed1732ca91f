import { bookingSteps } from '../booking/migrate';
import { Contact } from '../contact/index';
import { Customer } from '../customer/index';
import { revenueSteps } from '../revenue/migrate';
import { reminderSteps } from '../reminder/migrate';
import { ServiceRequest } from '../service-request/index';
import { Technician } from '../technician/index';
import { Service } from '../service/index';
import { Testimonial } from '../testimonial/index';
import { workOrderSteps } from '../workorder/migrate';
import { type MigrationStep, type RunOptions, runSteps, type StepReport } from './runner';

/**
 * Every migration step, in the order they run (decision 063). Each domain
 * owns its steps; a step added here runs once on every table, through the
 * local stack's start and the scheduled job, and is then a read a run.
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
  ...Technician.migrationSteps,
  ...reminderSteps,
];

/** Runs the steps not yet done (see runner.ts); what each changed in this run. */
export function migrate(options: RunOptions = {}): Promise<Record<string, StepReport>> {
  return runSteps(migrationSteps, options);
}

export type { MigrationStep, RunOptions, StepReport };
