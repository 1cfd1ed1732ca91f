import { readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { applyLocalEnv, localJwtSecret, setting } from './env';
import type { StandIns } from './stand-ins';

/**
 * `DATA_DIR/stack.json`: where a running local stack's data lives, for the
 * test tools that put data into it directly (the browser tests' user
 * fixtures, e2e/fixtures.ts). Written by `npm start` / `npm run dev` on every
 * start, local only, never served. The JWT key is not in it: it stays in
 * `DATA_DIR/jwt-secret`, next to it.
 */
export type StackFile = {
  endpoints: StandIns['endpoints'];
  publicUrl: string;
  tableName: string;
  bucketName: string;
  mailFrom: string;
  businessEmail: string;
};

const fileIn = (dataDir: string) => join(dataDir, 'stack.json');

/** Records the running stack (call after applyLocalEnv, with the same values). */
export function writeStackFile(dataDir: string, stack: Pick<StackFile, 'endpoints' | 'publicUrl'>): void {
  const content: StackFile = {
    ...stack,
    tableName: setting('TABLE_NAME'),
    bucketName: setting('BUCKET_NAME'),
    mailFrom: setting('MAIL_FROM'),
    businessEmail: setting('BUSINESS_EMAIL'),
  };
  writeFileSync(fileIn(dataDir), `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
}

/**
 * Points this process's config at the stack running on `dataDir`, exactly as
 * that stack's own process was pointed (applyLocalEnv), so core's data access
 * reaches the same table. Call before core reads its config.
 */
export function useRunningStack(dataDir: string): StackFile {
  let stack: StackFile;
  try {
    stack = JSON.parse(readFileSync(fileIn(dataDir), 'utf8')) as StackFile;
  } catch (error) {
    throw new StackNotRunning(
      `No local stack is recorded in ${fileIn(dataDir)}.\n` +
        `Start it in another terminal with \`npm start\` (with the same DATA_DIR), then run this again.`,
      { cause: error },
    );
  }
  Object.assign(process.env, {
    TABLE_NAME: stack.tableName,
    BUCKET_NAME: stack.bucketName,
    MAIL_FROM: stack.mailFrom,
    BUSINESS_EMAIL: stack.businessEmail,
  });
  applyLocalEnv({
    standIns: { endpoints: stack.endpoints },
    publicUrl: stack.publicUrl,
    jwtSecret: localJwtSecret(dataDir),
  });
  return stack;
}

/** The local stack this command needs is not running: the message says what to do, no stack trace is needed. */
export class StackNotRunning extends Error {
  override name = 'StackNotRunning';
}

/** Whether something accepts TCP connections at `url`'s host and port (a refusal or 2 s of silence: no). */
function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port) || 80 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Throws StackNotRunning when the stand-ins recorded in `dataDir`'s stack file
 * do not answer: the stack that wrote it has stopped (its stack.json stays
 * behind), so a command would otherwise die on a raw ECONNREFUSED.
 */
export async function assertStackAnswers(dataDir: string, stack: StackFile): Promise<void> {
  const { dynamodb, s3, ses } = stack.endpoints;
  const silent = (
    await Promise.all(
      Object.entries({ 'DynamoDB Local': dynamodb, 'the S3 stand-in': s3, 'the SES stand-in': ses }).map(
        async ([name, url]) => ((await answers(url)) ? null : `${name} (${url})`),
      ),
    )
  ).filter((name) => name !== null);
  if (silent.length === 0) return;
  throw new StackNotRunning(
    `The local stack recorded in ${fileIn(dataDir)} is not running: nothing answers at ${silent.join(', ')}.\n` +
      `Start it in another terminal with \`npm start\` (with the same DATA_DIR), then run this again.\n` +
      `If that stack is gone for good, the file is stale: remove ${fileIn(dataDir)}.`,
  );
}
