/**
 * The environment variables that core/src/config.ts reads (APP_MODE=aws),
 * shared by every function so their config check passes. This is the
 * contract with the app: do not add names here that config.ts does not read.
 */
import { jwtSecretValue } from './secrets';
import { businessEmail, mailFrom } from './settings';
import { bucket, table } from './storage';
import { router } from './web';

export const configEnvironment = {
  APP_MODE: 'aws',
  TABLE_NAME: table.name,
  BUCKET_NAME: bucket.name,
  MAIL_FROM: mailFrom,
  BUSINESS_EMAIL: businessEmail,
  PUBLIC_URL: router.url,
  JWT_SECRET: jwtSecretValue,
};
