/**
 * A local stack of the bench's own: `npm start` on a free port and a fresh data directory, so the
 * figures never touch a developer's `.data/` and one section's load does not colour another's.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../functions/src/local/ports';

const stopping = new WeakSet<ChildProcess>();

export type BenchStack = { url: string; port: number; child: ChildProcess; dataDir: string };

/** Starts `npm start` on a free port, in `dataDir` (a fresh temporary directory by default). */
export async function startStack(env: Record<string, string> = {}, dataDir?: string): Promise<BenchStack> {
  const port = await freePort();
  const reused = dataDir !== undefined;
  dataDir ??= mkdtempSync(join(tmpdir(), 'mac-bench-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  child.once('exit', (code, signal) => {
    if (!stopping.has(child))
      console.error(`\nThe bench's stack stopped by itself (${signal ?? code}):\n${output.slice(-4000)}`);
  });
  const url = `http://localhost:${port}`;
  // A kept data dir from an older build is migrated before the stack listens (decision 063): minutes at five years;
  // a fresh one builds the web app first, minutes on a loaded machine.
  const deadline = Date.now() + (reused ? 1_800_000 : 600_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/services`)).ok) return { url, port, child, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the local stack did not come up:\n${output}`);
}

export async function stopStack(stack: BenchStack): Promise<void> {
  if (stack.child.exitCode !== null) return;
  stopping.add(stack.child);
  stack.child.kill('SIGTERM');
  await new Promise((r) => stack.child.once('exit', r));
}

/** `measure` on a stack of its own (`env` added), stopped and its data directory removed afterwards. */
export async function withStack<T>(
  env: Record<string, string>,
  measure: (stack: BenchStack) => Promise<T>,
): Promise<T> {
  const stack = await startStack(env);
  try {
    return await measure(stack);
  } finally {
    await stopStack(stack);
    rmSync(stack.dataDir, { recursive: true, force: true });
  }
}
