import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  descendants,
  isRunning,
  listeningSockets,
  listeningSocketsOf,
  type ProcessInfo,
} from '../../../tests/proc';
import { settingNames } from '@app/core/config-names';
import { freePort } from './ports';

/**
 * `npm start` as a person runs it: where its processes listen, and that a
 * signal to the npm process alone (not its process group) stops every one of
 * them. Everything is read from Linux's /proc; the only traffic is to the
 * loopback address the stack listens on.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Variables the API test set-up puts in this process's environment: not for the product under test. */
const testOnly = [
  'APP_MODE',
  'TABLE_NAME',
  'BUCKET_NAME',
  'MAIL_FROM',
  'BUSINESS_EMAIL',
  'PUBLIC_URL',
  'JWT_SECRET',
  // The stand-ins' addresses and the cheaper password hash (config-names' local-only list).
  ...settingNames.localOnly,
  'NODE_OPTIONS',
  'HOST',
];

type Launched = { npm: ChildProcess; port: number; tree: ProcessInfo[]; output: () => string };
const launched: Launched[] = [];
/** One data dir for both starts: the second finds the data and skips the seed, which saves time. */
let dataDir = '';

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return check();
}

/** `npm start` on a free port and a fresh data dir; resolves once it serves /api/services. */
async function npmStart(env: Record<string, string> = {}): Promise<Launched> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of testOnly) delete childEnv[name];
  Object.assign(childEnv, { PORT: String(port), DATA_DIR: dataDir, SKIP_BUILD: '1', ...env });

  let output = '';
  const npm = spawn('npm', ['start'], { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  npm.stdout?.on('data', (chunk) => (output += chunk));
  npm.stderr?.on('data', (chunk) => (output += chunk));
  const run: Launched = { npm, port, tree: [], output: () => output };
  launched.push(run);

  const host = env.HOST ?? '127.0.0.1';
  const ready = await until(async () => {
    if (npm.exitCode !== null) return true;
    const response = await fetch(`http://${host}:${port}/api/services`).catch(() => null);
    return response?.ok === true;
  }, 150_000);
  expect(ready && npm.exitCode === null, `npm start did not come up:\n${output}`).toBe(true);
  run.tree = descendants(npm.pid!);
  return run;
}

/** Sends `signal` to the npm process only, and waits (at most 15 s) for the whole tree to be gone. */
async function stopWith(run: Launched, signal: NodeJS.Signals) {
  const pids = [run.npm.pid!, ...run.tree.map((p) => p.pid)];
  run.npm.kill(signal);
  const listening = () => listeningSockets().some((socket) => socket.port === run.port);
  await until(() => !listening() && pids.every((pid) => !isRunning(pid)), 15_000);
  const survivors = run.tree.filter((p) => isRunning(p.pid)).map((p) => `${p.pid} ${p.command}`);
  expect(listening(), `port ${run.port} still open after ${signal}`).toBe(false);
  expect(survivors, `processes left after ${signal} to npm`).toEqual([]);
  expect(isRunning(run.npm.pid!), 'npm itself').toBe(false);
}

const dynamoDB = (p: ProcessInfo) => p.command.startsWith('java ') && p.command.includes('DynamoDBLocal');

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'mac-npm-start-'));
  // SKIP_BUILD=1 below: the site needs a web build; make one if this checkout has none yet.
  if (!existsSync(join(root, 'web/dist/index.html'))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'pipe' });
    expect(build.status, build.stderr?.toString()).toBe(0);
  }
}, 180_000);

afterEach(() => {
  for (const run of launched.splice(0)) {
    for (const pid of [run.npm.pid!, ...run.tree.map((p) => p.pid)]) {
      if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    }
  }
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.skipIf(process.platform !== 'linux')('npm start', () => {
  it('listens on 127.0.0.1 only (site, DynamoDB Local, S3, SES), and SIGTERM to npm stops every process', async () => {
    const run = await npmStart();
    expect(run.tree.some(dynamoDB), 'DynamoDB Local runs in the tree').toBe(true);

    // Soft: a wrong address is reported, and the stop below is still checked.
    const sockets = listeningSocketsOf([run.npm.pid!, ...run.tree.map((p) => p.pid)]);
    // The site, DynamoDB Local, s3rver and the SES stand-in.
    expect.soft(sockets.length, JSON.stringify(sockets)).toBeGreaterThanOrEqual(4);
    expect.soft(sockets.filter((s) => s.address !== '127.0.0.1')).toEqual([]);
    expect.soft(sockets.some((s) => s.port === run.port)).toBe(true);
    const java = run.tree.filter(dynamoDB).map((p) => p.pid);
    expect.soft(sockets.some((s) => java.includes(s.pid))).toBe(true);

    await stopWith(run, 'SIGTERM');
  }, 200_000);

  it('listens on HOST when it is set (the stand-ins stay on loopback), and SIGINT to npm stops every process', async () => {
    // Another loopback address, so nothing is exposed while HOST is shown to be honoured.
    const run = await npmStart({ HOST: '127.0.0.2' });

    const sockets = listeningSocketsOf([run.npm.pid!, ...run.tree.map((p) => p.pid)]);
    expect.soft(sockets.filter((s) => s.port === run.port).map((s) => s.address)).toEqual(['127.0.0.2']);
    expect.soft(sockets.filter((s) => s.port !== run.port && s.address !== '127.0.0.1')).toEqual([]);

    await stopWith(run, 'SIGINT');
  }, 200_000);

  it('keeps every acknowledged write through a kill -9 of the whole stack in the middle of writes', async () => {
    const run = await npmStart();
    const base = `http://127.0.0.1:${run.port}`;
    const login = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'admin-password' }),
    });
    const { token } = (await login.json()) as { token: string };
    const [post] = (await (await fetch(`${base}/api/posts`)).json()) as { _id: string }[];
    expect(post, 'a seeded post').toBeDefined();

    // Five writers comment as fast as they can; the stack is killed while they are at it.
    const acknowledged: string[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop && i < 8; i += 1) {
        try {
          const response = await fetch(`${base}/api/comments`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-auth-token': token },
            body: JSON.stringify({ text: `durable ${w}-${i}`, postId: post?._id }),
          });
          if (response.status === 201) acknowledged.push(((await response.json()) as { _id: string })._id);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = Promise.all(Array.from({ length: 5 }, (_, w) => writer(w)));
    await until(() => acknowledged.length >= 10, 60_000);
    for (const pid of [run.npm.pid!, ...run.tree.map((p) => p.pid)]) {
      if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    }
    stop = true;
    await writers;
    expect(acknowledged.length).toBeGreaterThanOrEqual(10);

    const again = await npmStart();
    const comments = (await (
      await fetch(`http://127.0.0.1:${again.port}/api/posts/${post?._id}/comments`)
    ).json()) as { _id: string }[];
    const kept = new Set(comments.map((c) => c._id));
    expect(
      acknowledged.filter((id) => !kept.has(id)),
      'acknowledged comments lost',
    ).toEqual([]);
    await stopWith(again, 'SIGTERM');
  }, 300_000);
});
