import type { TestProject } from 'vitest/node';
import { type StandIns, startStandIns } from '../functions/src/local/stand-ins';

declare module 'vitest' {
  export interface ProvidedContext {
    endpoints: StandIns['endpoints'];
  }
}

/** Starts DynamoDB Local (in memory), S3 and SES stand-ins once for the whole API test run. */
export default async function setup(project: TestProject) {
  // The Square stand-in signs its webhooks for the tests' PUBLIC_URL (tests/api-setup.ts) and only records
  // them: there is no server to post to, so a test delivers an event to app.request itself.
  const standIns = await startStandIns({
    dataDir: null,
    squareWebhook: { url: 'http://localhost:3000/api/webhooks/square', deliver: false },
  });
  project.provide('endpoints', standIns.endpoints);
  return () => standIns.stop();
}
