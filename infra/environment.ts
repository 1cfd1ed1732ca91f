/**
 * What each function is given on AWS, as pure functions of the deploy's
 * settings and resource names (issue 31, decision 083). No SST globals here:
 * the SST definitions (api.ts, cron.ts) call these with the resources'
 * outputs, and the bundle test (functions/src/lambda/bundle.api.test.ts) calls
 * them with the stand-ins' names, so what the test runs is what AWS runs.
 *
 * The environment is made from core/src/config.ts's own lists
 * (`settingNames`): every deploy value and secret, and every business setting
 * set for the deploy (an unset one keeps config.ts's default). No name is
 * typed here twice.
 */
import {
  type BusinessSettingName,
  type DeploySettingName,
  type SecretName,
  settingNames,
} from '../core/src/config-names';

/** The functions infra defines, by the key the bundle test knows them by. */
export type FunctionName = 'api' | 'cron' | 'texts';

/**
 * The functions as infra/ defines them: the handler (SST's `handler`), the
 * timeout and the packages that stay outside the bundle. api.ts and cron.ts
 * build their `sst.aws.Function` from these, and the bundle test its bundles.
 */
export const lambdaFunctions = {
  api: {
    handler: 'functions/src/lambda/api.handler',
    timeoutSeconds: 20,
    // sharp is installed into the function's package (infra/api.ts `nodejs.install`), not bundled.
    external: ['sharp'],
  },
  cron: {
    handler: 'functions/src/lambda/cron.handler',
    // A run may send many mails and charges; each loop keeps to this (functions/src/lambda/cron.ts).
    timeoutSeconds: 60,
    // No job uploads an image: sharp is left out.
    external: ['sharp'],
  },
  texts: {
    // Customers' replies by text (issue 36), from the inbound topic's subscription (infra/texts.ts).
    handler: 'functions/src/lambda/texts.handler',
    timeoutSeconds: 20,
    external: ['sharp'],
  },
} as const satisfies Record<FunctionName, { handler: string; timeoutSeconds: number; external: string[] }>;

/** The values a function's environment is made of; `V` is a string in tests, an SST output on AWS. */
export type EnvironmentInputs<V> = {
  /** The deploy's own values: resource names, addresses, the mail sender and inbox (not APP_MODE). */
  deploy: Record<Exclude<DeploySettingName, 'APP_MODE'>, V>;
  /** The business settings set for this deploy (infra/settings.ts); unset ones are not passed. */
  business: Partial<Record<BusinessSettingName, string>>;
  /** Every secret's value (infra/secrets.ts). */
  secrets: Record<SecretName, V>;
};

/**
 * A function's environment on AWS: config.ts's AWS mode, every deploy value
 * and secret, and the business settings that were set. Both functions run
 * config.ts's one check (`readConfig` reads every name), so both get the same.
 */
export function functionEnvironment<V>(
  _fn: FunctionName,
  inputs: EnvironmentInputs<V>,
): Record<string, V | string> {
  const business = Object.fromEntries(
    settingNames.business.flatMap((name) => {
      const value = inputs.business[name];
      return value === undefined ? [] : [[name, value]];
    }),
  );
  return { APP_MODE: 'aws', ...inputs.deploy, ...business, ...inputs.secrets };
}

/** Every name a function's environment can carry: what it is given when every business setting is set. */
export function forwardedNames(fn: FunctionName): string[] {
  const every = <N extends string>(names: readonly N[]) =>
    Object.fromEntries(names.map((name) => [name, 'set'])) as Record<N, string>;
  const deploy = every(settingNames.deploy.filter((name) => name !== 'APP_MODE'));
  return Object.keys(
    functionEnvironment(fn, {
      deploy,
      business: every(settingNames.business),
      secrets: every(settingNames.secrets),
    }),
  ).sort();
}

/** An IAM statement as SST's `permissions` takes it. */
export type Permission<V> = { actions: string[]; resources: V[] };

/** The resources whose ARNs the functions' permissions name. */
export type PermissionInputs<V> = {
  region: V;
  account: V;
  tableArn: V;
  publicBucketArn: V;
  privateBucketArn: V;
  /** The SES configuration set of the sender identity (sst.aws.Email makes one). */
  emailConfigurationSetArn: V;
  /** SMS_ORIGINATION_IDENTITY as set for the deploy ('' or unset: texts are off, no grant). */
  smsOriginationIdentity: string | undefined;
};

/** The DynamoDB item actions core/src/db uses (no table, stream or backup actions). */
const dynamoItemActions = [
  'dynamodb:GetItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:Query',
  'dynamodb:BatchGetItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];

/**
 * The ARN a text may go from (decision 084): the configured identity when it
 * is an ARN; a phone number, pool or sender id given by its id, in this
 * account and region; for a number written as E.164 (which names no
 * resource) this account's phone numbers in the region. None when texts are off.
 */
export function smsOriginationArns<V>(
  identity: string | undefined,
  at: (kind: string, id: string) => V,
): V[] {
  const value = identity?.trim() ?? '';
  if (!value || value.toLowerCase() === 'off') return [];
  if (value.startsWith('arn:')) return [value as V];
  if (value.startsWith('phone-')) return [at('phone-number', value)];
  if (value.startsWith('pool-')) return [at('pool', value)];
  if (value.startsWith('+')) return [at('phone-number', '*')];
  return [at('sender-id', `${value}/*`)];
}

/**
 * Each function's permissions: the actions its code calls, on the resources
 * it touches, and nothing else (issue 31): DynamoDB's item actions on the
 * table and its indexes; object reads, writes and deletes and listing on the
 * two buckets (no bucket policy, no deletion of a bucket); SES sends from the
 * sender identity; texts from the origination identity only. The API also
 * geocodes and asks for drive times (Amazon Location's managed providers).
 */
export function functionPermissions<V>(
  fn: FunctionName,
  inputs: PermissionInputs<V>,
  interpolate: (parts: TemplateStringsArray, ...values: (V | string)[]) => V,
): Permission<V>[] {
  const { tableArn, publicBucketArn, privateBucketArn, region, account } = inputs;
  const sms = smsOriginationArns(
    inputs.smsOriginationIdentity,
    (kind, id) => interpolate`arn:aws:sms-voice:${region}:${account}:${kind}/${id}`,
  );
  const permissions: Permission<V>[] = [
    { actions: dynamoItemActions, resources: [tableArn, interpolate`${tableArn}/index/*`] },
    {
      actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
      resources: [interpolate`${publicBucketArn}/*`, interpolate`${privateBucketArn}/*`],
    },
    { actions: ['s3:ListBucket'], resources: [publicBucketArn, privateBucketArn] },
    // The identities of this account and region: the sender's, and in SES's sandbox the verified
    // recipients', which SES authorizes too. No other SES action.
    {
      actions: ['ses:SendEmail', 'ses:SendRawEmail'],
      resources: [interpolate`arn:aws:ses:${region}:${account}:identity/*`, inputs.emailConfigurationSetArn],
    },
    ...(sms.length > 0 ? [{ actions: ['sms-voice:SendTextMessage'], resources: sms }] : []),
  ];
  if (fn === 'api') {
    permissions.push(
      {
        actions: ['geo-places:Geocode'],
        resources: [interpolate`arn:aws:geo-places:${region}::provider/default`],
      },
      {
        actions: ['geo-routes:CalculateRouteMatrix'],
        resources: [interpolate`arn:aws:geo-routes:${region}::provider/default`],
      },
    );
  }
  return permissions;
}
