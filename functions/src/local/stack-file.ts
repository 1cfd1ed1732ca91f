import { readFileSync, writeFileSync } from 'node:fs';
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
    throw new Error(`No running local stack recorded in ${fileIn(dataDir)} (is \`npm start\` running?)`, {
      cause: error,
    });
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
