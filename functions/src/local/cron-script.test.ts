import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './ports';

/**
 * `npm run cron` (scripts/cron.ts) when no local stack runs: a message that
 * says what to do and a non-zero exit, never a raw ECONNREFUSED stack trace
 * (issue 19 §4).
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function cron(dataDir: string) {
  const result = spawnSync(join(root, 'node_modules/.bin/tsx'), ['scripts/cron.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const noStackTrace = (text: string) => {
  expect(text).not.toMatch(/^\s+at /m);
  expect(text).not.toContain('ECONNREFUSED');
};

describe('npm run cron without a running stack', { timeout: 90_000 }, () => {
  it('with no stack file: says to start the stack, exits 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cron-none-'));
    dirs.push(dir);
    const { status, stdout, stderr } = cron(dir);
    expect(status).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain(`No local stack is recorded in ${join(dir, 'stack.json')}`);
    expect(stderr).toContain('`npm start`');
    noStackTrace(stderr);
  });

  it('with the stack file of a stopped stack: names what does not answer, says to start it or remove the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cron-stale-'));
    dirs.push(dir);
    const [dynamodb, s3, ses] = await Promise.all([freePort(), freePort(), freePort()]);
    const url = (port: number | undefined) => `http://127.0.0.1:${port}`;
    writeFileSync(
      join(dir, 'stack.json'),
      JSON.stringify({
        endpoints: {
          dynamodb: url(dynamodb),
          s3: url(s3),
          ses: url(ses),
          square: url(1),
          vpic: url(1),
          location: url(1),
        },
        publicUrl: url(1),
        tableName: 'app',
        bucketName: 'app-images',
        mailFrom: 'shop@example.com',
        businessEmail: 'shop@example.com',
      }),
    );
    const { status, stdout, stderr } = cron(dir);
    expect(status).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('is not running');
    expect(stderr).toContain(`DynamoDB Local (${url(dynamodb)})`);
    expect(stderr).toContain('`npm start`');
    expect(stderr).toContain(`remove ${join(dir, 'stack.json')}`);
    noStackTrace(stderr);
  });
});
