import { spawn } from 'node:child_process';
import { expect, test } from './fixtures';

/**
 * The post-deploy smoke check (`npm run smoke`, scripts/smoke.ts, decision 088) run by CI against
 * the stack these browser tests start exactly as `npm start` does, so the script cannot rot: every
 * page of the router's table, the files they name, the headers, the API's services and a bad
 * booking link, and the local outbox (present here; a deployed site must answer it 404). No browser:
 * the command itself, as an owner runs it after a deploy, on the loopback address.
 */
test('npm run smoke passes against the local stack', async ({ baseURL }) => {
  test.setTimeout(120_000);
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/smoke.ts', baseURL!, '--deadline', '90'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.stderr.on('data', (chunk) => (text += chunk));
    child.on('exit', (exit) => resolve({ code: exit, output: text }));
  });
  const failed = output.split('\n').filter((line) => line.startsWith('✗'));
  expect(failed, output).toEqual([]);
  expect(code, output).toBe(0);
  expect(output).toContain('(local stack)');
  for (const line of [
    '✓ GET /services',
    '✓ GET /account-settings',
    '✓ GET /api/booking-links/<bad link>',
    '✓ GET /_local/outbox (local stack: present)',
    '✓ one build: every page names the same entry and styles',
  ])
    expect(output).toContain(line);
  expect(output).toMatch(/✓ asset \/assets\/index-[\w-]{8}\.js: 200 text\/javascript/);
  expect(output).toMatch(/smoke: \d+ checks, 0 failed/);
});
