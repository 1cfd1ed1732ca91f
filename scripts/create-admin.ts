/**
 * Creates an admin account, or makes an existing account an admin.
 *
 *   npm run create-admin -- --email you@example.com --first-name Jordan --last-name Reyes --stage production
 *
 * With --stage, the script re-runs itself inside `sst shell --target Api`, so
 * it gets exactly the API function's environment (table name, APP_MODE=aws)
 * and your AWS credentials; it writes DynamoDB directly. Without --stage it
 * uses the current environment as is (the variables of core/src/config.ts).
 * There is no API route that grants the admin role; the local stack seeds its
 * admin from ADMIN_EMAIL / ADMIN_PASSWORD.
 *
 * The password is read from ADMIN_PASSWORD, or, when that is unset, a strong
 * one is generated and printed once. --first-name and --last-name are the
 * admin's own, needed for a new account: the header greets them by the first
 * ('Welcome, Jordan!'); an account that is promoted keeps its name.
 */
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    stage: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const usage =
  'Usage: npm run create-admin -- --email you@example.com --first-name Jordan --last-name Reyes --stage <stage>';
if (!values.email) fail(usage);
const firstName = values['first-name']?.trim() ?? '';
const lastName = values['last-name']?.trim() ?? '';

if (values.stage) {
  // Re-run inside the deployed API's environment.
  const args = process.argv.slice(2).filter((arg, i, all) => arg !== '--stage' && all[i - 1] !== '--stage');
  const result = spawnSync(
    'npx',
    [
      'sst',
      'shell',
      '--stage',
      values.stage,
      '--target',
      'Api',
      '--',
      'npx',
      'tsx',
      'scripts/create-admin.ts',
      ...args,
    ],
    { stdio: 'inherit' },
  );
  process.exit(result.status ?? 1);
}

if (!process.env.TABLE_NAME) fail('No table to write to: pass --stage <stage>, or set the config variables.');

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const { User } = await import('@app/core/user/index');
const { asSystem } = await import('@app/core/actor');

const email = values.email;
// A new account needs the admin's own name (the header greets them by it); an existing one keeps its own.
const existing = await asSystem('create-admin', () => User.findByEmail(email));
if (!existing && (!firstName || !lastName))
  fail(`A new admin needs their own first and last name (the header greets them).\n${usage}`);
const password = process.env.ADMIN_PASSWORD || randomBytes(18).toString('base64url');
const result = await asSystem('create-admin', () =>
  User.ensureAdmin({
    email,
    password,
    firstName: firstName || (existing?.firstName ?? ''),
    lastName: lastName || (existing?.lastName ?? ''),
  }),
);

if (result === 'promoted') {
  console.log(`${values.email} already had an account; it is now an admin. Its password is unchanged.`);
} else {
  console.log(`Admin ${values.email} created.`);
  if (!process.env.ADMIN_PASSWORD)
    console.log(`Password (shown once; change it after signing in): ${password}`);
}
