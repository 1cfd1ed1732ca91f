import { businessDetailsFrom } from './business-details';
import { smsIdentity, smsInboundTopic, squareSettings } from './config-providers';

/**
 * Each setting's environment variable, by the name `config()` gives it (read by `readConfig` in
 * ./config.ts, which validates them with their defaults). A new setting is one line here, one in
 * config.ts's schema and its name in ./config-names.ts, which infra forwards.
 */
export function settingsFromEnv(env: NodeJS.ProcessEnv, mode: string) {
  return {
    mode,
    tableName: env.TABLE_NAME,
    bucketName: env.BUCKET_NAME,
    privateBucketName:
      env.PRIVATE_BUCKET_NAME?.trim() ||
      (mode === 'local' && env.BUCKET_NAME ? `${env.BUCKET_NAME}-private` : undefined),
    mailFrom: env.MAIL_FROM,
    businessEmail: env.BUSINESS_EMAIL,
    publicUrl: env.PUBLIC_URL,
    jwtSecret: env.JWT_SECRET,
    jwtLifetimeSeconds: env.JWT_LIFETIME_SECONDS,
    region: env.AWS_REGION,
    passwordCostLog2: env.PASSWORD_COST_LOG2,
    googlePlacesApiKey: env.GOOGLE_PLACES_API_KEY,
    googlePlaceId: env.GOOGLE_PLACE_ID,
    square: squareSettings(mode, env),
    travelBufferMinutes: env.TRAVEL_BUFFER_MINUTES,
    technicianDayStart: env.TECHNICIAN_DAY_START || undefined,
    technicianDayEnd: env.TECHNICIAN_DAY_END || undefined,
    shopBase: {
      street: env.SHOP_BASE_STREET || undefined,
      city: env.SHOP_BASE_CITY || undefined,
      state: env.SHOP_BASE_STATE || undefined,
      zipCode: env.SHOP_BASE_ZIP || undefined,
      lat: env.SHOP_BASE_LAT || undefined,
      lng: env.SHOP_BASE_LNG || undefined,
    },
    serviceRadiusMiles: env.SERVICE_RADIUS_MILES,
    openingHours: env.OPENING_HOURS,
    servedZipCodes: env.SERVED_ZIP_CODES,
    driveDetourFactor: env.DRIVE_DETOUR_FACTOR,
    driveAverageMph: env.DRIVE_AVERAGE_MPH,
    driveFloorMinutes: env.DRIVE_FLOOR_MINUTES,
    driveTimesKeepDays: env.DRIVE_TIMES_KEEP_DAYS,
    tripFeeBands: env.TRIP_FEE_BANDS,
    defaultTaxRate: env.DEFAULT_TAX_RATE,
    laborRateCents: env.LABOR_RATE_CENTS,
    reminderHours: env.REMINDER_HOURS,
    planHorizonDays: env.PLAN_HORIZON_DAYS,
    reminderMorningAt: env.REMINDER_MORNING_AT,
    daytimeStart: env.DAYTIME_START?.trim() || undefined,
    daytimeEnd: env.DAYTIME_END?.trim() || undefined,
    rescheduleNoticeHours: env.RESCHEDULE_NOTICE_HOURS,
    reviewRequestHours: env.REVIEW_REQUEST_HOURS,
    recommendedFollowUpDays: env.RECOMMENDED_FOLLOW_UP_DAYS,
    dueMilesPerDay: env.DUE_MILES_PER_DAY,
    googleReviewUrl: env.GOOGLE_REVIEW_URL?.trim() || undefined,
    smsOriginationIdentity: smsIdentity(mode, env.SMS_ORIGINATION_IDENTITY),
    smsInboundTopicArn: smsInboundTopic(mode, env.SMS_INBOUND_TOPIC_ARN),
    business: businessDetailsFrom(env, mode),
    bookingPhotoRetentionDays: env.BOOKING_PHOTO_RETENTION_DAYS,
    inspectionPhotoLimit: env.INSPECTION_PHOTO_LIMIT,
    garageVehicleLimit: env.GARAGE_VEHICLE_LIMIT,
    busyCalendarDays: env.BUSY_CALENDAR_DAYS,
    busyCalendarEveryMinutes: env.BUSY_CALENDAR_EVERY_MINUTES,
    busyCalendarTimeoutMs: env.BUSY_CALENDAR_TIMEOUT_MS,
    busyCalendarMaxKb: env.BUSY_CALENDAR_MAX_KB,
    ackLinkDays: env.ACK_LINK_DAYS,
    portalCodeMinutes: env.PORTAL_CODE_MINUTES,
    tipLinkDays: env.TIP_LINK_DAYS,
    planLinkDays: env.PLAN_LINK_DAYS,
    chargeTolerance: env.CHARGE_TOLERANCE,
    estimateTolerance: env.ESTIMATE_TOLERANCE,
    tipMaxPercent: env.TIP_MAX_PERCENT,
    chargeRetryHours: env.CHARGE_RETRY_HOURS,
    chargeRetryLimit: env.CHARGE_RETRY_LIMIT,
    planChargeRetryDays: env.PLAN_CHARGE_RETRY_DAYS,
    chargeSweepMinutes: env.CHARGE_SWEEP_MINUTES,
    lateCancelHours: env.LATE_CANCEL_HOURS,
    lateCancelFeeCents: env.LATE_CANCEL_FEE_CENTS,
    vpicBaseUrl: env.VPIC_BASE_URL?.trim() || undefined,
    endpoints:
      mode === 'local'
        ? {
            dynamodb: env.DYNAMODB_ENDPOINT,
            s3: env.S3_ENDPOINT,
            ses: env.SES_ENDPOINT,
            geoPlaces: env.GEO_PLACES_ENDPOINT,
            geoRoutes: env.GEO_ROUTES_ENDPOINT,
            sms: env.SMS_ENDPOINT,
          }
        : undefined,
  };
}
