import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withActor } from '@app/core/actor';
import {
  LOCAL_SMS_INBOUND_TOPIC_ARN,
  LOCAL_SMS_ORIGINATION_IDENTITY,
  localSquareDefaults,
  settingNames,
} from '@app/core/config';
import { transactWrite } from '@app/core/db/entity';
import { Outbox } from '@app/core/mail/outbox';
import { Payments } from '@app/core/payments/index';
import { Storage } from '@app/core/storage/index';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type FunctionName,
  forwardedNames,
  functionEnvironment,
  lambdaFunctions,
} from '../../../infra/environment';
import { bookedForCompletion } from '../../../tests/booking-factories';
import { createPost } from '../../../tests/content-factories';
import { createService, createUser } from '../../../tests/factories';
import { pagesBuilt, pagesDir } from '../api/pages';
import { ROUTER_PROOF_HEADER, routerProof } from '../api/router-proof';
import { readOutbox, readTexts } from '../local/outbox';
import { bundleLambda, lambdaEntries } from './bundle';

/**
 * The deployable artifacts (issue 31): each function infra/ defines, bundled
 * as SST bundles it (its handler, its externals: infra/environment.ts
 * `lambdaFunctions`), run in a child process in AWS mode with exactly the
 * environment its infra definition gives it (`functionEnvironment`, the same
 * pure function infra/function-config.ts calls with the deploy's outputs),
 * given the stand-ins' names. The functions have no SST links, so nothing else
 * reaches them; their permissions are checked in settings.test.ts. Only what
 * Lambda itself and this harness add comes on top: the region, credentials, and
 * the SDK's standard AWS_ENDPOINT_URL_<SERVICE> variables that point each AWS
 * client at its stand-in. tests/api-setup.ts gave this file its own table and
 * buckets; the bundles read and write them. The API's `pages` folder is the
 * web build's renderer, as `copyFiles` puts it beside the code.
 */
const outDir = mkdtempSync(join(tmpdir(), 'mac-bundle-'));
const bundles: Record<FunctionName, { file: string; files: string[] }> = {
  api: { file: '', files: [] },
  cron: { file: '', files: [] },
  texts: { file: '', files: [] },
};
/** The function's folder on Lambda (LAMBDA_TASK_ROOT): the API's has `pages` in it. */
const taskRoot = join(outDir, 'task');

beforeAll(async () => {
  // Bundled once for the file; all in parallel.
  const [api, cron, texts] = await Promise.all(
    (['api', 'cron', 'texts'] as const).map((fn) =>
      bundleLambda(lambdaEntries[fn], join(outDir, `${fn}.mjs`), {
        external: lambdaFunctions[fn].external,
      }),
    ),
  );
  bundles.api = { file: api!.outfile, files: api!.files };
  bundles.cron = { file: cron!.outfile, files: cron!.files };
  bundles.texts = { file: texts!.outfile, files: texts!.files };
  mkdirSync(taskRoot, { recursive: true });
  if (pagesBuilt()) symlinkSync(pagesDir(), join(taskRoot, 'pages'));
}, 60_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const from = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (tests/api-setup.ts sets it)`);
  return value;
};

/** The business settings this test's deploy sets (the rest keep config.ts's defaults). */
const deploySettings = {
  BUSINESS_PHONE: '(610) 555-0142',
  BUSINESS_PUBLIC_EMAIL: 'info@mobileautocare.example',
  SMS_ORIGINATION_IDENTITY: LOCAL_SMS_ORIGINATION_IDENTITY,
};

/** `fn`'s environment on AWS (infra/environment.ts), given this test run's resources and the stand-ins. */
function infraEnvironment(fn: FunctionName): Record<string, string> {
  return functionEnvironment<string>(fn, {
    deploy: {
      TABLE_NAME: from('TABLE_NAME'),
      BUCKET_NAME: Storage.bucket('images/'),
      PRIVATE_BUCKET_NAME: Storage.bucket(Storage.PRIVATE_PREFIX),
      MAIL_FROM: from('MAIL_FROM'),
      BUSINESS_EMAIL: from('BUSINESS_EMAIL'),
      PUBLIC_URL: from('PUBLIC_URL'),
      // Square's host, pointed at the Square stand-in (on AWS: sandbox's or production's).
      SQUARE_BASE_URL: from('SQUARE_BASE_URL'),
      // The inbound texts' topic (infra/texts.ts): the SMS stand-in's.
      SMS_INBOUND_TOPIC_ARN: LOCAL_SMS_INBOUND_TOPIC_ARN,
    },
    business: deploySettings,
    secrets: {
      JWT_SECRET: from('JWT_SECRET'),
      GOOGLE_PLACES_API_KEY: '',
      GOOGLE_PLACE_ID: '',
      SQUARE_ENVIRONMENT: 'sandbox',
      SQUARE_ACCESS_TOKEN: localSquareDefaults.accessToken,
      SQUARE_APP_ID: localSquareDefaults.appId,
      SQUARE_LOCATION_ID: localSquareDefaults.locationId,
      SQUARE_WEBHOOK_SIGNATURE_KEY: localSquareDefaults.webhookSignatureKey,
    },
  });
}

/** What Lambda sets, and the SDK's endpoint variables that point the AWS clients at the stand-ins. */
function runtimeEnvironment(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    LAMBDA_TASK_ROOT: taskRoot,
    AWS_REGION: 'us-east-1',
    // The role's credentials on AWS; here the ones s3rver accepts (the other stand-ins take any).
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_DYNAMODB: from('DYNAMODB_ENDPOINT'),
    AWS_ENDPOINT_URL_S3: from('S3_ENDPOINT'),
    AWS_ENDPOINT_URL_SES: from('SES_ENDPOINT'),
    // Amazon Location's Places and Routes APIs (the SDK's service ids "Geo Places" and "Geo Routes").
    AWS_ENDPOINT_URL_GEO_PLACES: from('GEO_PLACES_ENDPOINT'),
    AWS_ENDPOINT_URL_GEO_ROUTES: from('GEO_ROUTES_ENDPOINT'),
    // End User Messaging SMS (the SDK's service id "Pinpoint SMS Voice V2").
    AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2: from('SMS_ENDPOINT'),
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
}

/** What the function logged during the last `invoke`. */
let lastLogs = '';

/**
 * Loads `bundle` in a fresh Node process, as one Lambda instance would, and
 * calls its `handler` with each event in turn; the results, in order. They
 * come back on file descriptor 3, so the function's own logs on stdout stay apart.
 */
function invoke(fn: FunctionName, events: unknown[]): Promise<unknown[]> {
  const bundle = bundles[fn].file;
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
      env: { ...runtimeEnvironment(), ...infraEnvironment(fn) },
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

    const [list, login, outbox] = (await invoke('api', [
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
    const [config, saved] = (await invoke('api', [
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
    const [near, far, unknown] = (await invoke('api', [
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
    const [reply] = (await invoke('api', [bare])) as FunctionUrlResult[];
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
    expect(await invoke('cron', [event])).toEqual([
      {
        ok: true,
        mail: { sent: 0, due: 0 },
        acknowledgments: { expired: 0, due: 0 },
        charges: { sweep: { due: 0, charged: 0 }, retries: { due: 0, paid: 0 } },
        reviewRequests: { due: 0, sent: 0 },
        reminders: { due: 0, sent: 0, dropped: 0, skipped: 0 },
        busyCalendars: { due: 0, read: 0, left: 0 },
        recommendedFollowUps: { due: 0, sent: 0 },
        dueNotices: { due: 0, sent: 0 },
        planVisits: { due: 0, placed: 0 },
        bookingPhotos: { due: 0, deleted: 0 },
        planCharges: { due: 0, paid: 0 },
      },
    ]);
  });
});

describe('the bundled texts Lambda (issue 36)', () => {
  it("takes an SNS event of the inbound topic, and drops another topic's", async () => {
    const record = (topic: string, body: string) => ({
      EventSource: 'aws:sns',
      Sns: {
        Type: 'Notification',
        MessageId: crypto.randomUUID(),
        TopicArn: topic,
        Timestamp: new Date().toISOString(),
        Message: JSON.stringify({
          originationNumber: '+14845550199',
          destinationNumber: LOCAL_SMS_ORIGINATION_IDENTITY,
          messageBody: body,
          inboundMessageId: crypto.randomUUID(),
        }),
      },
    });
    const event = {
      Records: [
        record(LOCAL_SMS_INBOUND_TOPIC_ARN, 'Hello from an unknown number'),
        record('arn:aws:sns:us-east-1:000000000000:another', 'Not ours'),
      ],
    };
    expect(await invoke('texts', [event])).toEqual([{ received: 1, skipped: 1 }]);
  });
});

describe('each bundle reads only what its function is given (issue 31)', () => {
  const notForAws = new Set<string>([...settingNames.localOnly, ...settingNames.runtime]);

  /** The config settings `fn`'s bundle can reach: the names its code (entry and every chunk) reads. */
  function settingsReached(fn: FunctionName): string[] {
    const code = bundles[fn].files
      .filter((file) => /\.m?js$/.test(file))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    return Object.values(settingNames)
      .flat()
      .filter((name) => new RegExp(`[."'\`]${name}\\b`).test(code));
  }

  it.each(['api', 'cron', 'texts'] as const)(
    'the %s bundle reaches no setting its function is not given',
    (fn) => {
      const reached = settingsReached(fn);
      // The scan sees config.ts's reads (the Square settings are reached by both: the cron charges cards).
      expect(reached).toEqual(
        expect.arrayContaining(['TABLE_NAME', 'SQUARE_ACCESS_TOKEN', 'BUSINESS_PHONE']),
      );
      const given = new Set([...forwardedNames(fn), ...Object.keys(infraEnvironment(fn))]);
      expect(reached.filter((name) => !notForAws.has(name) && !given.has(name))).toEqual([]);
    },
  );
});

describe('the bundled API Lambda’s pages (decision 072)', () => {
  it.skipIf(!pagesBuilt())('serves /services and a post with their data', async () => {
    await createService({ name: 'Bundle Wash' });
    const post = await createPost({ title: `Bundle post ${crypto.randomUUID().slice(0, 6)}` });
    const [services, article] = (await invoke('api', [
      functionUrlEvent('GET', '/api/pages/services'),
      functionUrlEvent('GET', `/api/pages/blog/${post.slug}`),
    ])) as FunctionUrlResult[];
    expect(services?.statusCode, lastLogs).toBe(200);
    expect(services?.headers['content-type']).toMatch(/^text\/html/);
    expect(services?.body).toContain('Bundle Wash');
    expect(article?.statusCode, lastLogs).toBe(200);
    expect(article?.body).toContain(post.title);
  });
});

describe('the bundled cron Lambda, with work to do', () => {
  const later = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

  const booked = (card: string, price: number) => bookedForCompletion(card, price);

  it('charges the sweep and a retry at Square, sends a text and a mail with its attachment', async () => {
    // A declined charge whose customer then saved a good card: the job's retry pays it.
    const declined = await booked('cnon:stand-in-charge-declined', 55);
    await declined.complete();
    expect(await declined.payment()).toMatchObject({ status: 'failed', attempts: 1 });
    await withActor({ type: 'user', userId: declined.customer._id, role: 'user', firstName: 'x' }, () =>
      Payments.saveCard({ sourceId: 'cnon:card-nonce-ok' }),
    );
    // A completion whose charge never ran (the API died mid-request): the sweep charges it.
    const swept = await booked('cnon:card-nonce-ok', 45);
    const charge = vi.spyOn(Payments, 'charge').mockRejectedValueOnce(new Error('the function died'));
    expect((await swept.complete()).status).toBe(500);
    charge.mockRestore();
    expect(await swept.payment()).toMatchObject({ status: 'pending' });
    // A text and a mail with an attachment, queued (their first send failed).
    const to = '+14845550177';
    const body = `Bundle text ${crypto.randomUUID().slice(0, 6)}`;
    const text = Outbox.prepareText({ to, body });
    const subject = `Bundle mail ${crypto.randomUUID().slice(0, 6)}`;
    const mail = await Outbox.prepareWithFiles({
      to: 'bundle@example.com',
      subject,
      text: 'See the attachment.',
      attachments: [{ filename: 'work-order.txt', contentType: 'text/plain', content: 'the attachment' }],
    });
    await transactWrite([text.item, mail.item]);

    const [result] = (await invoke('cron', [{ now: later(25) }])) as {
      mail: { sent: number };
      charges: unknown;
    }[];
    expect(result?.charges, lastLogs).toEqual({
      sweep: { due: 1, charged: 1 },
      retries: { due: 1, paid: 1 },
    });
    expect(result?.mail.sent, lastLogs).toBe(2);
    expect(await declined.payment()).toMatchObject({ status: 'paid', attempts: 2, amount: 55 });
    expect(await swept.payment()).toMatchObject({ status: 'paid', amount: 45 });
    const texts = (await readTexts()).filter((sent) => sent.to.includes(to));
    // From the origination identity the deploy set.
    expect(texts.map((sent) => [sent.text, sent.from])).toEqual([[body, LOCAL_SMS_ORIGINATION_IDENTITY]]);
    const mailed = (await readOutbox()).find((sent) => sent.subject === subject);
    expect(mailed?.attachments).toEqual([
      expect.objectContaining({ filename: 'work-order.txt', content: 'the attachment' }),
    ]);
    // The attachment's object, in the private bucket, was removed once sent (decision 058).
    expect(await Storage.keys(`private/mail/${mail.id}`)).toEqual([]);
  }, 60_000);
});
