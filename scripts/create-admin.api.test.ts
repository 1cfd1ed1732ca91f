import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { User } from '@app/core/user/index';
import { verifyPassword } from '@app/core/user/password';
import { describe, expect, it } from 'vitest';
import { createUser } from '../tests/factories';

const run = promisify(execFile);

/** Runs `npm run create-admin` as a person would, against this file's table (the config variables are set). */
const createAdmin = (args: string[], env: Record<string, string> = {}) =>
  run('npx', ['tsx', 'scripts/create-admin.ts', ...args], { env: { ...process.env, ...env } });

describe('the create-admin script', () => {
  it('creates a verified admin with a generated password it prints once', async () => {
    const email = `owner-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { stdout } = await createAdmin(['--email', email, '--first-name', 'Pat', '--last-name', 'Rivera'], {
      ADMIN_PASSWORD: '',
    });
    const password = /Password \(shown once[^)]*\): (\S+)/.exec(stdout)?.[1];
    expect(password).toHaveLength(24);

    const admin = await User.findByEmail(email);
    expect(admin).toMatchObject({ role: 'admin', emailVerified: true, firstName: 'Pat', lastName: 'Rivera' });
    expect(await verifyPassword(String(password), String(admin?.passwordHash))).toBe(true);
  });

  it('promotes an existing customer without touching the password', async () => {
    const customer = await createUser();
    const { stdout } = await createAdmin(['--email', customer.email], { ADMIN_PASSWORD: 'ignored-password' });
    expect(stdout).toContain('it is now an admin');
    const promoted = await User.findByEmail(customer.email);
    expect(promoted?.role).toBe('admin');
    expect(await verifyPassword(customer.password, String(promoted?.passwordHash))).toBe(true);
  });

  it('refuses to run without an email, or to create an admin without their name', async () => {
    await expect(createAdmin([])).rejects.toMatchObject({ code: 1 });
    const email = `nameless-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await expect(createAdmin(['--email', email, '--first-name', 'Pat'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('first and last name'),
    });
    expect(await User.findByEmail(email)).toBeUndefined();
  });
});
