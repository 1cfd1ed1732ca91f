import { describe, expect, it } from 'vitest';
import { webBusinessDetails } from './business-details';
import { readConfig } from './config';
import { localUnitEnv } from '../../tests/aws-env';

const local = {
  ...localUnitEnv,
  DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000',
  S3_ENDPOINT: 'http://127.0.0.1:8001',
  SES_ENDPOINT: 'http://127.0.0.1:8002',
  GEO_PLACES_ENDPOINT: 'http://127.0.0.1:8004',
  GEO_ROUTES_ENDPOINT: 'http://127.0.0.1:8004',
  SMS_ENDPOINT: 'http://127.0.0.1:8005',
  SQUARE_BASE_URL: 'http://127.0.0.1:8003/',
};

/** What AWS mode needs on top of the local stack's names (issue 31): the private bucket, the public contact details. */
const awsOnly = {
  PRIVATE_BUCKET_NAME: 'private-bucket',
  BUSINESS_PHONE: '(484) 555-0100',
  BUSINESS_PUBLIC_EMAIL: 'hello@example.com',
};

describe('readConfig', () => {
  it('reads the local stack with its endpoints and the business time zone', () => {
    const config = readConfig(local);
    expect(config.mode).toBe('local');
    expect(config.timeZone).toBe('America/New_York');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.jwtLifetimeSeconds).toBe(12 * 60 * 60);
    expect(config.passwordCostLog2).toBe(17);
    // Google reviews are optional: unset means "not configured".
    expect(config.googlePlacesApiKey).toBe('');
    expect(config.googlePlaceId).toBe('');
  });

  it('reads the optional Google Places key and place id', () => {
    const config = readConfig({ ...local, GOOGLE_PLACES_API_KEY: ' key ', GOOGLE_PLACE_ID: 'ChIJ123' });
    expect(config.googlePlacesApiKey).toBe('key');
    expect(config.googlePlaceId).toBe('ChIJ123');
  });

  it('needs no local endpoints on AWS', () => {
    const aws = {
      ...local,
      ...awsOnly,
      APP_MODE: 'aws',
      DYNAMODB_ENDPOINT: undefined,
      S3_ENDPOINT: undefined,
      SES_ENDPOINT: undefined,
      GEO_PLACES_ENDPOINT: undefined,
      GEO_ROUTES_ENDPOINT: undefined,
      SMS_ENDPOINT: undefined,
    };
    const config = readConfig(aws);
    expect(config.mode).toBe('aws');
    expect('endpoints' in config).toBe(false);
  });

  it('reads the technicians’ working hours (decision 066): the whole day by default, end after start', () => {
    expect(readConfig(local)).toMatchObject({ technicianDayStart: '00:00', technicianDayEnd: '24:00' });
    const set = readConfig({ ...local, TECHNICIAN_DAY_START: '07:00', TECHNICIAN_DAY_END: '19:30' });
    expect(set).toMatchObject({ technicianDayStart: '07:00', technicianDayEnd: '19:30' });
    expect(() => readConfig({ ...local, TECHNICIAN_DAY_START: '7am' })).toThrow(/TECHNICIAN_DAY_START/);
    expect(() =>
      readConfig({ ...local, TECHNICIAN_DAY_START: '19:00', TECHNICIAN_DAY_END: '07:00' }),
    ).toThrow(/TECHNICIAN_DAY_END must be after TECHNICIAN_DAY_START/);
  });

  it('reads the opening hours (issue 30): the spec’s Mon-Fri 8:00am-4:00pm by default, a shop’s own when set', () => {
    expect(readConfig(local).openingHours).toMatchObject({ daysText: 'Mon-Fri', timeText: '8:00am-4:00pm' });
    expect(readConfig({ ...local, OPENING_HOURS: 'Mon-Sat 08:00-16:00' }).openingHours).toMatchObject({
      daysText: 'Mon-Sat',
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    });
    expect(() => readConfig({ ...local, OPENING_HOURS: 'weekdays 8-4' })).toThrow(/OPENING_HOURS must be/);
  });

  it('fails fast naming every bad variable', () => {
    expect(() => readConfig({ ...local, JWT_SECRET: 'short', DYNAMODB_ENDPOINT: undefined })).toThrow(
      /JWT_SECRET must be at least 32 characters[\s\S]*DYNAMODB_ENDPOINT must be a URL/,
    );
  });

  it('points card payments at the local Square stand-in with its test credentials', () => {
    expect(readConfig(local).square).toEqual({
      environment: 'local',
      baseUrl: 'http://127.0.0.1:8003',
      accessToken: 'local-square-access-token',
      appId: 'sandbox-sq0idb-local-stand-in',
      locationId: 'LOCALSTANDIN01',
      webhookSignatureKey: 'local-square-webhook-signature-key',
      webhookUrl: 'http://localhost:3000/api/webhooks/square',
    });
    expect(() => readConfig({ ...local, SQUARE_BASE_URL: undefined })).toThrow(
      /SQUARE_BASE_URL must be a URL/,
    );
  });

  it('takes Square from its secrets on AWS, the host from the environment, and empty as "not configured"', () => {
    const aws = { ...local, ...awsOnly, APP_MODE: 'aws', SQUARE_BASE_URL: undefined };
    expect(readConfig(aws).square).toEqual({
      environment: 'sandbox',
      baseUrl: 'https://connect.squareupsandbox.com',
      accessToken: '',
      appId: '',
      locationId: '',
      webhookSignatureKey: '',
      webhookUrl: 'http://localhost:3000/api/webhooks/square',
    });
    expect(
      readConfig({ ...aws, SQUARE_WEBHOOK_URL: 'https://api.example.com/api/webhooks/square' }).square
        .webhookUrl,
    ).toBe('https://api.example.com/api/webhooks/square');
    const production = readConfig({
      ...aws,
      SQUARE_ENVIRONMENT: 'production',
      SQUARE_ACCESS_TOKEN: 'EAAA-token',
      SQUARE_APP_ID: 'sq0idp-app',
      SQUARE_LOCATION_ID: 'L123',
    }).square;
    expect(production).toMatchObject({ environment: 'production', baseUrl: 'https://connect.squareup.com' });
    expect(production.accessToken).toBe('EAAA-token');
    expect(() =>
      readConfig({ ...aws, SQUARE_ENVIRONMENT: 'local', SQUARE_BASE_URL: local.SQUARE_BASE_URL }),
    ).toThrow(/for the local stack only/);
    expect(() => readConfig({ ...aws, SQUARE_ENVIRONMENT: 'staging' })).toThrow(
      /SQUARE_ENVIRONMENT must be local, sandbox or production/,
    );
  });

  it('has the business settings with a one-van shop’s defaults, each overridable', () => {
    expect(readConfig(local)).toMatchObject({
      travelBufferMinutes: 30,
      defaultTaxRate: 0.08,
      laborRateCents: 7500,
    });
    expect(
      readConfig({
        ...local,
        TRAVEL_BUFFER_MINUTES: '45',
        DEFAULT_TAX_RATE: '0.06',
        LABOR_RATE_CENTS: '9000',
      }),
    ).toMatchObject({ travelBufferMinutes: 45, defaultTaxRate: 0.06, laborRateCents: 9000 });
    // The crew is the stored technicians now (decision 078): CREW_SIZE is no setting.
    expect(readConfig({ ...local, CREW_SIZE: '3' })).not.toHaveProperty('crewSize');
  });

  it('reads the business’s public details: the sample shop’s locally, required on AWS (issue 31)', () => {
    expect(readConfig(local).business).toEqual({
      name: 'Mobile Auto Care',
      area: 'West Chester, PA',
      email: 'info@mobileautocare.example',
      phone: '(610) 555-0142',
    });
    const set = readConfig({
      ...local,
      BUSINESS_NAME: 'Shine On Wheels',
      BUSINESS_AREA: 'Media, PA',
      BUSINESS_PUBLIC_EMAIL: 'hi@shine.example',
      BUSINESS_PHONE: '484-555-0100',
    }).business;
    expect(set).toEqual({
      name: 'Shine On Wheels',
      area: 'Media, PA',
      email: 'hi@shine.example',
      phone: '484-555-0100',
    });
    const aws = { ...local, ...awsOnly, APP_MODE: 'aws' };
    expect(readConfig(aws).business).toMatchObject({ email: 'hello@example.com', phone: '(484) 555-0100' });
    expect(() => readConfig({ ...aws, BUSINESS_PHONE: undefined })).toThrow(/BUSINESS_PHONE is required/);
    expect(() => readConfig({ ...aws, BUSINESS_PUBLIC_EMAIL: undefined })).toThrow(
      /BUSINESS_PUBLIC_EMAIL is required/,
    );
    expect(() => readConfig({ ...local, BUSINESS_PHONE: '555' })).toThrow(
      /BUSINESS_PHONE must be a US number/,
    ); // The web build compiles in the same details from the same variables (web/vite.config.ts).
    expect(webBusinessDetails(local)).toEqual(readConfig(local).business);
    const shine = { ...local, BUSINESS_NAME: ' Shine On Wheels ', BUSINESS_PHONE: '484-555-0100' };
    expect(webBusinessDetails(shine)).toEqual(readConfig(shine).business);
  });

  it('texts from the stand-in’s number locally, and are off on AWS unless a number is set (decision 084)', () => {
    expect(readConfig(local).smsOriginationIdentity).toBe('+16105550142');
    expect(readConfig({ ...local, SMS_ORIGINATION_IDENTITY: 'off' }).smsOriginationIdentity).toBe('');
    const aws = { ...local, ...awsOnly, APP_MODE: 'aws' };
    expect(readConfig(aws).smsOriginationIdentity).toBe('');
    expect(readConfig({ ...aws, SMS_ORIGINATION_IDENTITY: ' phone-0123abc ' }).smsOriginationIdentity).toBe(
      'phone-0123abc',
    );
  });

  it('keeps private objects in their own bucket: locally beside the images one, on AWS required (decision 082)', () => {
    expect(readConfig(local).privateBucketName).toBe('bucket-private');
    expect(readConfig({ ...local, PRIVATE_BUCKET_NAME: 'mine' }).privateBucketName).toBe('mine');
    expect(() =>
      readConfig({ ...local, ...awsOnly, APP_MODE: 'aws', PRIVATE_BUCKET_NAME: undefined }),
    ).toThrow(/PRIVATE_BUCKET_NAME is required/);
  });

  it('refuses an unknown mode', () => {
    expect(() => readConfig({ ...local, APP_MODE: 'staging' })).toThrow(/Invalid configuration/);
  });
});
