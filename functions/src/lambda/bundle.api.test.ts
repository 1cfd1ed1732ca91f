import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localSquareDefaults } from '@app/core/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, createUser } from '../../../tests/factories';
import { ROUTER_PROOF_HEADER, routerProof } from '../api/router-proof';
import { bundleLambda, lambdaEntries } from './bundle';

/**
 * The deployable artifact: each Lambda entry bundled as SST bundles it, run in
 * a child process in AWS mode (APP_MODE=aws, config from the environment as
 * infra/environment.ts sets it), reaching the stand-ins only through the
 * SDK's standard AWS_ENDPOINT_URL_<SERVICE> variables, and called with the
 * events AWS sends. tests/api-setup.ts gave this file its own table; the
 * bundle reads and writes that table.
 *
 * In AWS mode core's S3 client uses virtual-hosted addressing (no
 * forcePathStyle), which s3rver does not serve; no call here touches S3.
 */
const outDir = mkdtempSync(join(tmpdir(), 'mac-bundle-'));
const bundles: { api: string; cron: string } = { api: '', cron: '' };

beforeAll(async () => {
  // Bundled once for the file; both in parallel.
  const [api, cron] = await Promise.all([
    bundleLambda(lambdaEntries.api, join(outDir, 'api.mjs')),
    bundleLambda(lambdaEntries.cron, join(outDir, 'cron.mjs')),
  ]);
  bundles.api = api.outfile;
  bundles.cron = cron.outfile;
}, 60_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** The function's environment on AWS (infra/environment.ts), pointed at the stand-ins of this test run. */
function lambdaEnvironment(): NodeJS.ProcessEnv {
  const from = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is not set (tests/api-setup.ts sets it)`);
    return value;
  };
  return {
    PATH: process.env.PATH,
    APP_MODE: 'aws',
    TABLE_NAME: from('TABLE_NAME'),
    BUCKET_NAME: from('BUCKET_NAME'),
    MAIL_FROM: from('MAIL_FROM'),
    BUSINESS_EMAIL: from('BUSINESS_EMAIL'),
    PUBLIC_URL: from('PUBLIC_URL'),
    JWT_SECRET: from('JWT_SECRET'),
    PASSWORD_COST_LOG2: '10',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: from('DYNAMODB_ENDPOINT'),
    AWS_ENDPOINT_URL_S3: from('S3_ENDPOINT'),
    AWS_ENDPOINT_URL_SES: from('SES_ENDPOINT'),
    // Amazon Location's Places and Routes APIs (the SDK's service ids "Geo Places" and "Geo Routes").
    AWS_ENDPOINT_URL_GEO_PLACES: from('GEO_PLACES_ENDPOINT'),
    AWS_ENDPOINT_URL_GEO_ROUTES: from('GEO_ROUTES_ENDPOINT'),
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    // Square as infra/environment.ts passes it, the host pointed at the Square stand-in.
    SQUARE_ENVIRONMENT: 'sandbox',
    SQUARE_BASE_URL: from('SQUARE_BASE_URL'),
    SQUARE_ACCESS_TOKEN: localSquareDefaults.accessToken,
    SQUARE_APP_ID: localSquareDefaults.appId,
    SQUARE_LOCATION_ID: localSquareDefaults.locationId,
  };
}

/** What the function logged during the last `invoke`. */
let lastLogs = '';

/**
 * Loads `bundle` in a fresh Node process, as one Lambda instance would, and
 * calls its `handler` with each event in turn; the results, in order. They
 * come back on file descriptor 3, so the function's own logs on stdout stay apart.
 */
function invoke(bundle: string, events: unknown[]): Promise<unknown[]> {
  const script = `
    const { writeSync } = await import('node:fs');
    const { handler } = await import(${JSON.stringify(bundle)});
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    const context = { functionName: 'test', awsRequestId: 'req-1', getRemainingTimeInMillis: () => 20000 };
    const results = [];
    for (const event of JSON.parse(input)) results.push(await handler(event, context));
    writeSync(3, JSON.stringify(results));
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: lambdaEnvironment(),
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
    });
    let results = '';
    let logs = '';
    child.stdio[3]?.on('data', (chunk) => {
      results += chunk;
    });
    child.stdout.on('data', (chunk) => {
      logs += chunk;
    });
    child.stderr.on('data', (chunk) => {
      logs += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      lastLogs = logs;
      if (code !== 0) return reject(new Error(`the bundle exited with ${code}:\n${logs}`));
      try {
        resolve(JSON.parse(results) as unknown[]);
      } catch {
        reject(new Error(`the bundle gave no results:\n${logs}`));
      }
    });
    child.stdin.end(JSON.stringify(events));
  });
}

/** A Lambda function URL event (payload format 2.0), as the Router forwards a request. */
function functionUrlEvent(method: string, url: string, body?: unknown) {
  const { pathname, search } = new URL(url, 'https://example.lambda-url.us-east-1.on.aws');
  const headers: Record<string, string> = {
    host: 'example.lambda-url.us-east-1.on.aws',
    accept: '*/*',
    // What the Router's viewer-request function adds (decision 015); without it the app answers 403.
    [ROUTER_PROOF_HEADER]: routerProof(String(process.env.JWT_SECRET)),
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: pathname,
    rawQueryString: search.replace(/^\?/, ''),
    headers,
    requestContext: {
      accountId: 'anonymous',
      apiId: 'example',
      domainName: 'example.lambda-url.us-east-1.on.aws',
      domainPrefix: 'example',
      http: {
        method,
        path: pathname,
        protocol: 'HTTP/1.1',
        sourceIp: '203.0.113.7',
        userAgent: 'bundle-test',
      },
      requestId: crypto.randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    isBase64Encoded: false,
  };
}

type FunctionUrlResult = { statusCode: number; headers: Record<string, string>; body: string };

describe('the bundled API Lambda', () => {
  it('serves the API from the table, signs a user in, and has no local outbox', async () => {
    const services = [await createService({ name: 'Alpha' }), await createService({ name: 'Beta' })];
    const user = await createUser({ password: 'bundle-password-1' });

    const [list, login, outbox] = (await invoke(bundles.api, [
      functionUrlEvent('GET', '/api/services'),
      functionUrlEvent('POST', '/api/users/login', { email: user.email, password: 'bundle-password-1' }),
      functionUrlEvent('GET', '/_local/outbox'),
    ])) as FunctionUrlResult[];

    expect(list?.statusCode).toBe(200);
    expect(list?.headers['content-type']).toMatch(/^application\/json/);
    const listed = JSON.parse(list?.body ?? '') as { _id: string; name: string }[];
    expect(listed.map(({ _id, name }) => ({ _id, name }))).toEqual(
      services.map(({ _id, name }) => ({ _id, name })),
    );

    expect(login?.statusCode).toBe(200);
    expect(JSON.parse(login?.body ?? '')).toEqual({
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      user: expect.objectContaining({ _id: user._id, email: user.email, role: 'user' }),
    });

    expect(outbox?.statusCode).toBe(404);
  });

  it('gives the card form its config and saves a card at Square (a Bearer token)', async () => {
    const user = await createUser();
    const save = functionUrlEvent('POST', '/api/payments/save-card', { sourceId: 'cnon:card-nonce-ok' });
    save.headers.authorization = `Bearer ${user.token}`;
    const [config, saved] = (await invoke(bundles.api, [
      functionUrlEvent('GET', '/api/payments/config'),
      save,
    ])) as FunctionUrlResult[];
    expect(config?.statusCode).toBe(200);
    expect(JSON.parse(config?.body ?? '')).toEqual({
      appId: localSquareDefaults.appId,
      locationId: localSquareDefaults.locationId,
      environment: 'sandbox',
    });
    expect(saved?.statusCode).toBe(200);
    expect(JSON.parse(saved?.body ?? '')).toEqual({
      msg: 'Card saved successfully.',
      card: { brand: 'Visa', last4: '1111' },
    });
  });

  it('checks the service area, geocoding through Amazon Location (its SDK and the ZIP table load on first use)', async () => {
    const [near, far, unknown] = (await invoke(bundles.api, [
      functionUrlEvent(
        'GET',
        '/api/service-area?zipCode=19382&street=10%20Market%20St&city=West%20Chester&state=PA',
      ),
      functionUrlEvent('GET', '/api/service-area?zipCode=10001'),
      functionUrlEvent('GET', '/api/service-area?zipCode=00000'),
    ])) as FunctionUrlResult[];
    expect(near?.statusCode).toBe(200);
    expect(JSON.parse(near?.body ?? '')).toEqual({
      served: true,
      miles: expect.any(Number),
      tripFee: 0,
      message: '',
    });
    expect(JSON.parse(far?.body ?? '')).toMatchObject({
      served: false,
      message: expect.stringContaining('10001'),
    });
    expect(unknown?.statusCode).toBe(400);
    // The answers came from the stand-in: no fallback was logged.
    expect(lastLogs).not.toContain('geo: Amazon Location');
  });

  it('refuses a request that did not come through the Router', async () => {
    const bare = functionUrlEvent('GET', '/api/services');
    delete (bare.headers as Record<string, string>)[ROUTER_PROOF_HEADER];
    const [reply] = (await invoke(bundles.api, [bare])) as FunctionUrlResult[];
    expect(reply?.statusCode).toBe(403);
    expect(JSON.parse(reply?.body ?? '')).toEqual({ msg: expect.any(String) });
  });
});

describe('the bundled cron Lambda', () => {
  it('resolves for an EventBridge Scheduler invocation', async () => {
    // EventBridge Scheduler invokes the function with the schedule target's `input`, which
    // sst.aws.CronV2 sets to JSON.stringify(args.event ?? {}); infra/cron.ts sets no event.
    const event = {};
    // It drained the mail outbox, the acknowledgment queue and the charge queues of this file's table: nothing was due.
    expect(await invoke(bundles.cron, [event])).toEqual([
      {
        ok: true,
        mail: { sent: 0, due: 0 },
        acknowledgments: { expired: 0, due: 0 },
        charges: { sweep: { due: 0, charged: 0 }, retries: { due: 0, paid: 0 } },
        reviewRequests: { due: 0, sent: 0 },
        reminders: { due: 0, sent: 0, dropped: 0, skipped: 0 },
      },
    ]);
  });
});
