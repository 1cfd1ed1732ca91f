import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StandIns } from './stand-ins';

// The machines here run Node 20; the SDK's notice that its 2027 releases need Node 22 is noise locally
// (Lambda runs nodejs22.x). Set before any SDK client is made.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** Local defaults, each overridable by the environment variable of the same name. */
export const localDefaults = {
  PORT: '3000',
  /** The address the site (and `npm run dev`'s servers) listen on; loopback, so other machines cannot reach it. */
  HOST: '127.0.0.1',
  DATA_DIR: '.data',
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'admin-password',
  TABLE_NAME: 'mobile-auto-care',
  BUCKET_NAME: 'mobile-auto-care-images',
  MAIL_FROM: 'no-reply@mobileautocare.example',
  BUSINESS_EMAIL: 'shop@mobileautocare.example',
} as const;

export function setting(name: keyof typeof localDefaults): string {
  return process.env[name] || localDefaults[name];
}

/**
 * The address this machine's own clients use to reach a server listening on
 * `host`: a wildcard (0.0.0.0, ::) is reached on loopback.
 */
export function connectHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '[::]') return '127.0.0.1';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** The JWT key of this data dir: 48 random bytes, made on first start and kept beside the data. */
export function localJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/** Points the config module (core/src/config.ts) at the stand-ins. */
export function applyLocalEnv(options: {
  standIns: Pick<StandIns, 'endpoints'>;
  publicUrl: string;
  jwtSecret: string;
}): void {
  Object.assign(process.env, {
    APP_MODE: 'local',
    TABLE_NAME: setting('TABLE_NAME'),
    BUCKET_NAME: setting('BUCKET_NAME'),
    MAIL_FROM: setting('MAIL_FROM'),
    BUSINESS_EMAIL: setting('BUSINESS_EMAIL'),
    PUBLIC_URL: options.publicUrl,
    JWT_SECRET: process.env.JWT_SECRET || options.jwtSecret,
    AWS_REGION: process.env.AWS_REGION || 'us-east-1',
    DYNAMODB_ENDPOINT: options.standIns.endpoints.dynamodb,
    S3_ENDPOINT: options.standIns.endpoints.s3,
    SES_ENDPOINT: options.standIns.endpoints.ses,
    GEO_PLACES_ENDPOINT: options.standIns.endpoints.location,
    GEO_ROUTES_ENDPOINT: options.standIns.endpoints.location,
    SMS_ENDPOINT: options.standIns.endpoints.sms,
  });
  // Vehicle makes and models come from the vPIC stand-in, unless VPIC_BASE_URL names another (the real vPIC).
  if (!process.env.VPIC_BASE_URL) process.env.VPIC_BASE_URL = options.standIns.endpoints.vpic;
  // Card payments go to the Square stand-in, unless this machine was pointed at Square's sandbox.
  if (!process.env.SQUARE_ENVIRONMENT || process.env.SQUARE_ENVIRONMENT === 'local') {
    process.env.SQUARE_BASE_URL = options.standIns.endpoints.square;
  }
}
