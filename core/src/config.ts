import * as z from 'zod';
import { TIME_ZONE } from './time';

/**
 * The one place that decides between the local stack and AWS.
 *
 * Everything is read from environment variables, validated once, and handed
 * out as a typed object. On AWS, SST sets the variables on the function (see
 * infra/api.ts); locally the launcher (functions/src/local) sets them after it
 * has started the stand-ins. A missing or malformed value fails fast with a
 * message that names the variable.
 */

const common = {
  tableName: z.string().min(3, 'TABLE_NAME is required'),
  bucketName: z.string().min(3, 'BUCKET_NAME is required'),
  mailFrom: z.string().min(3, 'MAIL_FROM is required'),
  businessEmail: z.email('BUSINESS_EMAIL must be an email address'),
  publicUrl: z.url('PUBLIC_URL must be a URL').transform((url) => url.replace(/\/+$/, '')),
  jwtSecret: z.string().min(32, 'JWT_SECRET must be at least 32 characters'),
  jwtLifetimeSeconds: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 60 * 60),
  region: z.string().default('us-east-1'),
  /** scrypt cost exponent: N = 2^17 (OWASP) in production; tests may lower it. */
  passwordCostLog2: z.coerce.number().int().min(10).max(20).default(17),
  timeZone: z.literal(TIME_ZONE).default(TIME_ZONE),
  /** Google Places API (New) key and the shop's place id; empty means "not configured" (no Google reviews fetched). */
  googlePlacesApiKey: z.string().trim().default(''),
  googlePlaceId: z.string().trim().default(''),
};

const localSchema = z.object({
  mode: z.literal('local'),
  ...common,
  endpoints: z.object({
    dynamodb: z.url('DYNAMODB_ENDPOINT must be a URL'),
    s3: z.url('S3_ENDPOINT must be a URL'),
    ses: z.url('SES_ENDPOINT must be a URL'),
  }),
});

const awsSchema = z.object({
  mode: z.literal('aws'),
  ...common,
});

const configSchema = z.discriminatedUnion('mode', [localSchema, awsSchema]);

export type Config = z.infer<typeof configSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = env.APP_MODE ?? 'local';
  const raw = {
    mode,
    tableName: env.TABLE_NAME,
    bucketName: env.BUCKET_NAME,
    mailFrom: env.MAIL_FROM,
    businessEmail: env.BUSINESS_EMAIL,
    publicUrl: env.PUBLIC_URL,
    jwtSecret: env.JWT_SECRET,
    jwtLifetimeSeconds: env.JWT_LIFETIME_SECONDS,
    region: env.AWS_REGION,
    passwordCostLog2: env.PASSWORD_COST_LOG2,
    googlePlacesApiKey: env.GOOGLE_PLACES_API_KEY,
    googlePlaceId: env.GOOGLE_PLACE_ID,
    endpoints:
      mode === 'local'
        ? { dynamodb: env.DYNAMODB_ENDPOINT, s3: env.S3_ENDPOINT, ses: env.SES_ENDPOINT }
        : undefined,
  };
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration (APP_MODE=${mode}):\n${problems.join('\n')}`);
  }
  return parsed.data;
}

let cached: Config | undefined;

/** The validated configuration of this process, read on first use. */
export function config(): Config {
  cached ??= readConfig();
  return cached;
}
