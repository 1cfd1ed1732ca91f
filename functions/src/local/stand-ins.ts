import { type ChildProcess, execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import S3rver from 's3rver';
import { localSquareDefaults } from '@app/core/config';
import { startCalendarStandIn } from './calendar/stand-in';
import { spawnDynamoDBLocal } from './dynamodb/spawn';
import { startLocationStandIn } from './location/stand-in';
import { freePort } from './ports';
import { startSmsStandIn } from './sms/stand-in';
import { startSquareStandIn } from './square/stand-in';
import { startVpicStandIn } from './vpic/stand-in';

/**
 * The local stand-ins that speak the real AWS protocols, so the product's SDK
 * code paths run unchanged: DynamoDB Local (AWS's own emulator, on Java),
 * s3rver for S3, and aws-ses-v2-local for SES. See decision 002.
 * Square (card payments) is not AWS, but it gets a stand-in of its own too
 * (./square): the same REST calls, Square's sandbox test values; so does
 * NHTSA's vPIC (./vpic: vehicle makes and models from a small data file).
 * Amazon Location (./location: Places Geocode and Routes CalculateRouteMatrix,
 * answered from ZIP centroids and the drive estimate) is AWS and gets one too,
 * and so does End User Messaging SMS (./sms: texts recorded, an opt-out list).
 * A technician's own calendar address (issue 36) reads ./calendar locally: sample feeds.
 *
 * They have no authentication, so each listens on the loopback address only,
 * whatever HOST says: only this machine's app talks to them.
 */
export const STAND_IN_HOST = '127.0.0.1';

export type StandIns = {
  endpoints: {
    dynamodb: string;
    s3: string;
    ses: string;
    square: string;
    vpic: string;
    /** Amazon Location: one stand-in serves both the Places and the Routes API. */
    location: string;
    /** AWS End User Messaging SMS (pinpoint-sms-voice-v2). */
    sms: string;
    /** Calendar feeds a technician's own calendar address may point at (issue 36): `${calendar}/calendars/sample.ics`. */
    calendar?: string;
  };
  stop: () => Promise<void>;
};

export type StandInOptions = {
  /** Where DynamoDB and S3 keep their files; null keeps everything in memory (tests). */
  dataDir: string | null;
  /** Where the Square stand-in posts its webhooks (decision 070); absent: it only records them. */
  squareWebhook?: { url: string; deliver: boolean };
};

export function checkJava(): void {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
  } catch {
    throw new Error(
      'Java 17 or newer is required to run DynamoDB Local, and `java` was not found on PATH.\n' +
        'Install it (Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless; macOS: brew install openjdk@17).',
    );
  }
}

async function waitForDynamo(endpoint: string, dynamo: ChildProcess, output: () => string): Promise<void> {
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  const deadline = Date.now() + 60_000;
  try {
    while (Date.now() < deadline) {
      if (dynamo.exitCode !== null) {
        throw new Error(`DynamoDB Local exited with code ${dynamo.exitCode}:\n${output()}`);
      }
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    throw new Error(`DynamoDB Local did not answer within 60 s:\n${output()}`);
  } finally {
    client.destroy();
  }
}

export async function startStandIns({ dataDir, squareWebhook }: StandInOptions): Promise<StandIns> {
  checkJava();
  const [dynamoPort, s3Port, sesPort, squarePort, vpicPort, locationPort, smsPort, calendarPort] =
    await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
  const stoppers: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const stopOne of stoppers.reverse()) await stopOne().catch(() => {});
  };

  try {
    // DynamoDB Local: -sharedDb so one file holds every table whatever the credentials/region.
    const dynamoDir = dataDir ? join(dataDir, 'dynamodb') : null;
    if (dynamoDir) mkdirSync(dynamoDir, { recursive: true });
    const dynamo = spawnDynamoDBLocal({ host: STAND_IN_HOST, port: dynamoPort, path: dynamoDir });
    let dynamoOutput = '';
    dynamo.stdout?.on('data', (chunk) => {
      dynamoOutput += chunk;
    });
    dynamo.stderr?.on('data', (chunk) => {
      dynamoOutput += chunk;
    });
    stoppers.push(
      () =>
        new Promise<void>((resolve) => {
          if (dynamo.exitCode !== null) return resolve();
          dynamo.once('exit', () => resolve());
          dynamo.kill('SIGTERM');
          setTimeout(() => dynamo.kill('SIGKILL'), 3000).unref();
        }),
    );
    const dynamodb = `http://${STAND_IN_HOST}:${dynamoPort}`;

    // S3: s3rver keeps objects as files under the data dir (a temp dir in tests).
    const s3Dir = dataDir
      ? join(dataDir, 's3')
      : join(process.env.TMPDIR ?? '/tmp', `s3rver-${process.pid}-${s3Port}`);
    mkdirSync(s3Dir, { recursive: true });
    const s3rver = new S3rver({
      address: STAND_IN_HOST,
      port: s3Port,
      directory: s3Dir,
      silent: true,
      resetOnClose: dataDir === null,
    });
    await s3rver.run();
    stoppers.push(() => s3rver.close());

    // SES: keeps sent mail in memory and shows it at /store.
    const sesModule = (await import('aws-ses-v2-local')) as unknown as {
      default:
        | ((config: { host: string; port: number }) => Promise<Server>)
        | { default: (config: { host: string; port: number }) => Promise<Server> };
    };
    const startSes = typeof sesModule.default === 'function' ? sesModule.default : sesModule.default.default;
    const ses = await startSes({ host: STAND_IN_HOST, port: sesPort });
    stoppers.push(
      () =>
        new Promise<void>((resolve) => {
          ses.closeAllConnections?.();
          ses.close(() => resolve());
        }),
    );

    // Square: customers, cards and payments in memory, and in the data dir so a saved card survives a restart.
    const square = await startSquareStandIn({
      host: STAND_IN_HOST,
      port: squarePort,
      stateFile: dataDir ? join(dataDir, 'square', 'state.json') : null,
      // Signed with the local default key the config module verifies with (SQUARE_WEBHOOK_SIGNATURE_KEY overrides both).
      ...(squareWebhook
        ? {
            webhook: {
              ...squareWebhook,
              signatureKey:
                process.env.SQUARE_WEBHOOK_SIGNATURE_KEY ?? localSquareDefaults.webhookSignatureKey,
            },
          }
        : {}),
    });
    stoppers.push(square.stop);

    // NHTSA's vPIC (vehicle makes and models): a small data file, vPIC's paths and JSON.
    const vpic = await startVpicStandIn({ host: STAND_IN_HOST, port: vpicPort });
    stoppers.push(vpic.stop);

    // Amazon Location (geocoding and drive times): ZIP centroids and the drive estimate, its paths and JSON.
    const location = await startLocationStandIn({ host: STAND_IN_HOST, port: locationPort });
    stoppers.push(location.stop);

    // End User Messaging SMS: texts and the opt-out list, kept in the data dir.
    const sms = await startSmsStandIn({
      host: STAND_IN_HOST,
      port: smsPort,
      stateFile: dataDir ? join(dataDir, 'sms', 'state.json') : null,
    });
    stoppers.push(sms.stop);

    // Calendar feeds (Google's secret iCal address and the like): a sample, a broken one, what tests put.
    const calendar = await startCalendarStandIn({ host: STAND_IN_HOST, port: calendarPort });
    stoppers.push(calendar.stop);

    await waitForDynamo(dynamodb, dynamo, () => dynamoOutput);

    return {
      endpoints: {
        dynamodb,
        s3: `http://${STAND_IN_HOST}:${s3Port}`,
        ses: `http://${STAND_IN_HOST}:${sesPort}`,
        square: square.url,
        vpic: vpic.url,
        location: location.url,
        sms: sms.url,
        calendar: calendar.url,
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
