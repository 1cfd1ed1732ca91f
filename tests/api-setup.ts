import { randomUUID } from 'node:crypto';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, inject } from 'vitest';

/**
 * Runs before each API test file: points the config at the shared stand-ins
 * and gives the file a fresh table of its own, dropped afterwards.
 */
const endpoints = inject('endpoints');
const tableName = `test-${randomUUID()}`;

Object.assign(process.env, {
  APP_MODE: 'local',
  TABLE_NAME: tableName,
  BUCKET_NAME: `test-bucket-${randomUUID().slice(0, 8)}`,
  MAIL_FROM: 'no-reply@mobileautocare.example',
  BUSINESS_EMAIL: 'shop@mobileautocare.example',
  PUBLIC_URL: 'http://localhost:3000',
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  AWS_REGION: 'us-east-1',
  PASSWORD_COST_LOG2: '10',
  DYNAMODB_ENDPOINT: endpoints.dynamodb,
  S3_ENDPOINT: endpoints.s3,
  SES_ENDPOINT: endpoints.ses,
  GEO_PLACES_ENDPOINT: endpoints.location,
  GEO_ROUTES_ENDPOINT: endpoints.location,
  SMS_ENDPOINT: endpoints.sms,
  SQUARE_BASE_URL: endpoints.square,
  VPIC_BASE_URL: endpoints.vpic,
});

const { rawDb } = await import('@app/core/db/client');
const { ensureTable } = await import('@app/core/db/setup');
await ensureTable(rawDb(), tableName);
// Every file gets its bucket too: mail attachments are stored in S3 (decision 058).
const { Storage } = await import('@app/core/storage/index');
await Storage.ensureBucket();
// The shop has one technician (number 1, every day, the whole day) unless a test makes more (decision 078).
const { asSystem } = await import('@app/core/actor');
const { Technician } = await import('@app/core/technician/index');
await asSystem('test setup', () => Technician.ensureNumbered(1));

afterAll(async () => {
  await rawDb().send(new DeleteTableCommand({ TableName: tableName }));
});
