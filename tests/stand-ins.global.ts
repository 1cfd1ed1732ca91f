import type { TestProject } from 'vitest/node';
import { type StandIns, startStandIns } from '../functions/src/local/stand-ins';

declare module 'vitest' {
  export interface ProvidedContext {
    endpoints: StandIns['endpoints'];
  }
}

/** Starts DynamoDB Local (in memory), S3 and SES stand-ins once for the whole API test run. */
export default async function setup(project: TestProject) {
  const standIns = await startStandIns({ dataDir: null });
  project.provide('endpoints', standIns.endpoints);
  return () => standIns.stop();
}
