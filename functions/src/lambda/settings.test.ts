import { readFileSync } from 'node:fs';
import { readConfig, settingNames } from '@app/core/config';
import { describe, expect, it } from 'vitest';
import { localUnitEnv } from '../../../tests/aws-env';
import {
  type FunctionName,
  forwardedNames,
  functionPermissions,
  lambdaFunctions,
  smsOriginationArns,
} from '../../../infra/environment';

/**
 * Settings by construction (issue 31, decision 083): every name core/src/config.ts
 * reads is in one of its groups, and each function infra/ defines is given
 * every one that is not the local stack's or the Lambda runtime's.
 */

/** Every environment variable `read` looks at, whatever it finds. */
function namesRead(read: (env: NodeJS.ProcessEnv) => unknown, base: NodeJS.ProcessEnv): Set<string> {
  const seen = new Set<string>();
  const env = new Proxy(base, {
    get(target, name) {
      if (typeof name === 'string') seen.add(name);
      return target[name as string];
    },
  });
  try {
    read(env);
  } catch {
    // A failed check still read what it read.
  }
  return seen;
}

const local = localUnitEnv;

const grouped = new Set<string>(Object.values(settingNames).flat());
const notForAws = new Set<string>([...settingNames.localOnly, ...settingNames.runtime]);

/**
 * The names `read` looks at (in local and in AWS mode) that infra does not
 * give `fn` and does not mark as the local stack's or the runtime's: what the
 * settings test fails on. Empty when every setting reaches AWS.
 */
function notForwarded(read: (env: NodeJS.ProcessEnv) => unknown, fn: FunctionName): string[] {
  const names = new Set([...namesRead(read, local), ...namesRead(read, { ...local, APP_MODE: 'aws' })]);
  const given = new Set(forwardedNames(fn));
  return [...names].filter((name) => !notForAws.has(name) && !given.has(name)).sort();
}

describe('settings by construction', () => {
  it('groups every name readConfig reads, once', () => {
    const read = [...namesRead(readConfig, local), ...namesRead(readConfig, { ...local, APP_MODE: 'aws' })];
    expect(read.filter((name) => !grouped.has(name))).toEqual([]);
    const all = Object.values(settingNames).flat();
    expect(all.length).toBe(new Set(all).size);
    // And each grouped name is really read (no stale entry in the lists).
    expect([...grouped].filter((name) => !read.includes(name))).toEqual([]);
  });

  it.each(Object.keys(lambdaFunctions) as FunctionName[])(
    'gives the %s function every setting and secret config.ts reads',
    (fn) => {
      expect(notForwarded(readConfig, fn)).toEqual([]);
      // Local-only names never reach AWS.
      expect(forwardedNames(fn).filter((name) => notForAws.has(name))).toEqual([]);
    },
  );

  it('fails when the config reads a new variable that infra neither forwards nor marks local-only', () => {
    // What a new setting looks like to this test: config.ts reads a name no group lists.
    const readsNewSetting = (env: NodeJS.ProcessEnv) => {
      const read = env.NEW_SHOP_SETTING;
      return [readConfig(env), read];
    };
    expect(notForwarded(readsNewSetting, 'api')).toEqual(['NEW_SHOP_SETTING']);
    expect(notForwarded(readsNewSetting, 'cron')).toEqual(['NEW_SHOP_SETTING']);
    expect(grouped.has('NEW_SHOP_SETTING')).toBe(false);
  });

  it('documents every business setting and secret in the README settings table', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const tableRows = readme.split('\n').filter((line) => line.startsWith('|'));
    const documented = (name: string) => tableRows.some((row) => row.includes(`\`${name}\``));
    expect([...settingNames.business, ...settingNames.secrets].filter((name) => !documented(name))).toEqual(
      [],
    );
  });
});

describe('least privilege (issue 31)', () => {
  const inputs = {
    region: 'us-east-1',
    account: '123456789012',
    tableArn: 'arn:aws:dynamodb:us-east-1:123456789012:table/app',
    publicBucketArn: 'arn:aws:s3:::app-images',
    privateBucketArn: 'arn:aws:s3:::app-private',
    emailConfigurationSetArn: 'arn:aws:ses:us-east-1:123456789012:configuration-set/app',
    smsOriginationIdentity: 'arn:aws:sms-voice:us-east-1:123456789012:phone-number/phone-abc',
  };
  const interpolate = (parts: TemplateStringsArray, ...values: string[]) =>
    parts.reduce((text, part, i) => text + part + (values[i] ?? ''), '');

  it.each(Object.keys(lambdaFunctions) as FunctionName[])(
    'grants the %s function named actions on its own resources only',
    (fn) => {
      const permissions = functionPermissions(fn, inputs, interpolate);
      const actions = permissions.flatMap((permission) => permission.actions);
      expect(actions.filter((action) => action.includes('*'))).toEqual([]);
      expect(actions.filter((action) => /Bucket(Policy)?$|DeleteBucket|PutBucket/.test(action))).toEqual([
        's3:ListBucket',
      ]);
      expect(permissions.flatMap((permission) => permission.resources)).not.toContain('*');
      // Texts only from the configured number.
      expect(
        permissions.find((permission) => permission.actions.includes('sms-voice:SendTextMessage')),
      ).toEqual({ actions: ['sms-voice:SendTextMessage'], resources: [inputs.smsOriginationIdentity] });
      expect(actions.some((action) => action.startsWith('geo-'))).toBe(fn === 'api');
    },
  );

  it('grants no texts when texts are off, and a phone number id its ARN', () => {
    const off = functionPermissions('cron', { ...inputs, smsOriginationIdentity: undefined }, interpolate);
    expect(off.flatMap((permission) => permission.actions)).not.toContain('sms-voice:SendTextMessage');
    const at = (kind: string, id: string) => `arn:aws:sms-voice:us-east-1:1:${kind}/${id}`;
    expect(smsOriginationArns('phone-0123abc', at)).toEqual([
      'arn:aws:sms-voice:us-east-1:1:phone-number/phone-0123abc',
    ]);
    expect(smsOriginationArns('off', at)).toEqual([]);
    expect(smsOriginationArns('', at)).toEqual([]);
  });
});
