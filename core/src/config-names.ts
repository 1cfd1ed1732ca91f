/**
 * Every environment variable `readConfig` reads, by who sets it (issue 31, decision 083). infra/
 * builds each function's environment from these lists (infra/environment.ts), so a setting added
 * in core/src/config.ts reaches AWS without a second list; config.test.ts fails when `readConfig` reads a name that
 * is in none of them, and the bundle test when a function can reach a name its environment lacks.
 */
export const settingNames = {
  /** Set by infra from what the deploy made or must be told: the mode, resource names, addresses. */
  deploy: [
    'APP_MODE',
    'TABLE_NAME',
    'BUCKET_NAME',
    'PRIVATE_BUCKET_NAME',
    'MAIL_FROM',
    'BUSINESS_EMAIL',
    'PUBLIC_URL',
    'SQUARE_BASE_URL',
    // The SNS topic of customers' text replies (infra/texts.ts, issue 36).
    'SMS_INBOUND_TOPIC_ARN',
  ],
  /**
   * The business's settings: each has its default here, and is forwarded to AWS when it is set in
   * the environment of `sst deploy` (infra/settings.ts). The README's settings table lists them.
   */
  business: [
    'BUSINESS_NAME',
    'BUSINESS_AREA',
    'BUSINESS_PUBLIC_EMAIL',
    'BUSINESS_PHONE',
    'JWT_LIFETIME_SECONDS',
    'TRAVEL_BUFFER_MINUTES',
    'TECHNICIAN_DAY_START',
    'TECHNICIAN_DAY_END',
    'SHOP_BASE_STREET',
    'SHOP_BASE_CITY',
    'SHOP_BASE_STATE',
    'SHOP_BASE_ZIP',
    'SHOP_BASE_LAT',
    'SHOP_BASE_LNG',
    'SERVICE_RADIUS_MILES',
    'SERVED_ZIP_CODES',
    'DRIVE_DETOUR_FACTOR',
    'DRIVE_AVERAGE_MPH',
    'DRIVE_FLOOR_MINUTES',
    'DRIVE_TIMES_KEEP_DAYS',
    'BUSY_CALENDAR_DAYS',
    'BUSY_CALENDAR_EVERY_MINUTES',
    'BUSY_CALENDAR_TIMEOUT_MS',
    'BUSY_CALENDAR_MAX_KB',
    'TRIP_FEE_BANDS',
    'DEFAULT_TAX_RATE',
    'LABOR_RATE_CENTS',
    'CHARGE_TOLERANCE',
    'ESTIMATE_TOLERANCE',
    'TIP_MAX_PERCENT',
    'CHARGE_RETRY_HOURS',
    'CHARGE_RETRY_LIMIT',
    'PLAN_CHARGE_RETRY_DAYS',
    'CHARGE_SWEEP_MINUTES',
    'LATE_CANCEL_HOURS',
    'LATE_CANCEL_FEE_CENTS',
    'REMINDER_HOURS',
    'PLAN_HORIZON_DAYS',
    'REMINDER_MORNING_AT',
    'RESCHEDULE_NOTICE_HOURS',
    'REVIEW_REQUEST_HOURS',
    'RECOMMENDED_FOLLOW_UP_DAYS',
    'DUE_MILES_PER_DAY',
    'DAYTIME_START',
    'DAYTIME_END',
    'OPENING_HOURS',
    'GOOGLE_REVIEW_URL',
    'SMS_ORIGINATION_IDENTITY',
    'INSPECTION_PHOTO_LIMIT',
    'GARAGE_VEHICLE_LIMIT',
    'BOOKING_PHOTO_RETENTION_DAYS',
    'ACK_LINK_DAYS',
    'PORTAL_CODE_MINUTES',
    'TIP_LINK_DAYS',
    'PLAN_LINK_DAYS',
    'SQUARE_WEBHOOK_URL',
  ],
  /** Secrets: an `sst.Secret` each, set per stage (infra/secrets.ts maps each name to its secret). */
  secrets: [
    'JWT_SECRET',
    'GOOGLE_PLACES_API_KEY',
    'GOOGLE_PLACE_ID',
    'SQUARE_ENVIRONMENT',
    'SQUARE_ACCESS_TOKEN',
    'SQUARE_APP_ID',
    'SQUARE_LOCATION_ID',
    'SQUARE_WEBHOOK_SIGNATURE_KEY',
  ],
  /** Set by the Lambda runtime itself. */
  runtime: ['AWS_REGION'],
  /** The local stack's and the tests' only: the stand-ins' addresses, a cheaper password hash. Never on AWS. */
  localOnly: [
    'DYNAMODB_ENDPOINT',
    'S3_ENDPOINT',
    'SES_ENDPOINT',
    'GEO_PLACES_ENDPOINT',
    'GEO_ROUTES_ENDPOINT',
    'SMS_ENDPOINT',
    'PASSWORD_COST_LOG2',
    'VPIC_BASE_URL',
  ],
} as const;

export type SettingGroup = keyof typeof settingNames;
export type BusinessSettingName = (typeof settingNames.business)[number];
export type SecretName = (typeof settingNames.secrets)[number];
export type DeploySettingName = (typeof settingNames.deploy)[number];
