import * as z from 'zod';
import { localBusinessDefaults } from './business-details';
import { settingsFromEnv } from './config-env';
import { smsSettings, square } from './config-providers';
import { toUsE164 } from './rules/phone';
import { DEFAULT_OPENING_HOURS, openingHoursMessage, parseOpeningHours } from './opening-hours';
import { TIME_ZONE } from './time';

export { localBusinessDefaults } from './business-details';
export {
  LOCAL_SMS_INBOUND_TOPIC_ARN,
  LOCAL_SMS_ORIGINATION_IDENTITY,
  localSquareDefaults,
  SQUARE_WEBHOOK_PATH,
  type SquareEnvironment,
} from './config-providers';

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
  /** The public images' bucket (`images/…`, served by the site's CDN; decision 012). */
  bucketName: z.string().min(3, 'BUCKET_NAME is required'),
  /**
   * The private objects' bucket (`private/…`: signatures, inspection photos, mail attachments;
   * decision 082): no CDN reads it. Locally `<BUCKET_NAME>-private` unless set.
   */
  privateBucketName: z.string('PRIVATE_BUCKET_NAME is required').min(3, 'PRIVATE_BUCKET_NAME is required'),
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
  /**
   * Business settings (decisions 024, 066): the padding after a job before the drive to the next.
   * The crew is the stored technicians (core/src/technician, decision 078), no longer a number.
   */
  travelBufferMinutes: z.coerce.number().int().min(0).max(240).default(30),
  /**
   * The working hours a new technician gets (decisions 066, 078; each technician then has their
   * own), clock times of the business zone: a job lies within them, and the first job of a day is
   * reached from the base leaving at the start. The defaults (the whole day, '00:00' to '24:00')
   * keep every time the shop offers bookable; a shop sets its own, e.g. 07:00 and 19:00.
   */
  technicianDayStart: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'TECHNICIAN_DAY_START must be a time HH:mm, e.g. 07:00')
    .default('00:00'),
  technicianDayEnd: z
    .string()
    .regex(
      /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/,
      'TECHNICIAN_DAY_END must be a time HH:mm (up to 24:00), e.g. 19:00',
    )
    .default('24:00'),
  /**
   * Where the shop goes (issue 20, docs/decisions/065-service-area-and-drive-times.md): its base, the
   * service radius in miles, and optionally the ZIP codes it serves (comma-separated; empty: the radius
   * alone decides).
   */
  shopBase: z
    .object({
      street: z.string().default('1 N High St'),
      city: z.string().default('West Chester'),
      state: z.string().default('PA'),
      zipCode: z.string().default('19380'),
      lat: z.coerce.number().min(-90).max(90).default(39.9607),
      lng: z.coerce.number().min(-180).max(180).default(-75.6055),
    })
    .prefault({}),
  serviceRadiusMiles: z.coerce.number().min(1).max(200).default(25),
  /**
   * The opening hours the pages and mails state (issue 30, core/src/opening-hours.ts), e.g.
   * `Mon-Sat 08:00-16:00`. The default is the spec's Mon-Fri 8:00-16:00; a shop that sells weekend
   * times sets its own. The web's build reads the same variable (web/vite.config.ts).
   */
  openingHours: z
    .string()
    .default('')
    .transform((text, ctx) => {
      const hours = parseOpeningHours(text.trim() || DEFAULT_OPENING_HOURS);
      if (!hours) {
        ctx.addIssue({ code: 'custom', message: openingHoursMessage });
        return z.NEVER;
      }
      return hours;
    }),
  servedZipCodes: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((zip) => zip.trim())
        .filter(Boolean),
    ),
  /**
   * The drive-time estimate (used locally and whenever the routing service fails): great-circle
   * miles × the detour factor ÷ the average speed, never under the floor, rounded up to 5 minutes.
   */
  driveDetourFactor: z.coerce.number().min(1).max(3).default(1.3),
  driveAverageMph: z.coerce.number().min(5).max(80).default(30),
  driveFloorMinutes: z.coerce.number().int().min(0).max(60).default(10),
  /**
   * How many days a drive time the routing service measured is kept in the table and used again
   * before it is measured anew (core/src/geo/drive-times.ts, decision 105).
   */
  driveTimesKeepDays: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * Busy time from a technician's own calendar (issue 36, decision 119): how many days ahead the
   * scheduled job keeps it (at most 90: one transaction a read), how often it reads each address,
   * how long it waits for an answer (at most the cron's LOOP_MARGIN_MS, 10 s, so a read taken just
   * before the run's deadline still ends in time) and how large an answer it takes.
   */
  busyCalendarDays: z.coerce.number().int().min(1).max(90).default(60),
  busyCalendarEveryMinutes: z.coerce.number().int().min(5).max(1440).default(15),
  busyCalendarTimeoutMs: z.coerce.number().int().min(1000).max(10_000).default(10_000),
  busyCalendarMaxKb: z.coerce.number().int().min(16).max(20_480).default(4096),
  /**
   * The trip fee's distance bands as `upToMiles:cents` pairs, comma-separated, e.g. `10:0,25:2500`
   * (0–10 miles free, 10–25 miles $25). Empty (the default): no trip fee.
   */
  tripFeeBands: z
    .string()
    .default('')
    .transform((list, ctx) => {
      const bands = list
        .split(',')
        .map((band) => band.trim())
        .filter(Boolean)
        .map((band) => band.split(':').map(Number) as [number, number]);
      if (bands.some(([miles, cents]) => !(miles > 0) || !Number.isInteger(cents) || cents < 0)) {
        ctx.addIssue({
          code: 'custom',
          message: 'TRIP_FEE_BANDS must be upToMiles:cents pairs, e.g. 10:0,25:2500',
        });
        return z.NEVER;
      }
      return bands
        .map(([upToMiles, cents]) => ({ upToMiles, cents }))
        .sort((a, b) => a.upToMiles - b.upToMiles);
    }),
  /** Work orders' defaults (doc 2 §9): tax rate as a fraction, labor rate in cents an hour. */
  defaultTaxRate: z.coerce.number().min(0).max(0.5).default(0.08),
  laborRateCents: z.coerce.number().int().min(0).default(7500),
  /** Getting paid (decisions 068-069): an unacknowledged work order is charged up to the booked price × (1 + this). */
  chargeTolerance: z.coerce.number().min(0).max(1).default(0.1),
  /** Issue 33 (decision 125): completion charges at most the approved estimate × (1 + this) without a new approval. */
  estimateTolerance: z.coerce.number().min(0).max(1).default(0),
  /** Tips (issue 35, decision 130): an amount the customer types is at most this percent of the amount before tax. */
  tipMaxPercent: z.coerce.number().int().min(1).max(100).default(50),
  /** A declined charge is tried again by the scheduled job every this many hours, at most this many times. */
  chargeRetryHours: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 14)
    .default(24),
  chargeRetryLimit: z.coerce.number().int().min(0).max(20).default(3),
  /**
   * A monthly plan's declined period charge (issue 35, decision 132) is tried again this many days after its
   * period's start, once each ("1,3,7"); after the last the plan is past due, retried every last interval.
   */
  planChargeRetryDays: z
    .string()
    .default('1,3,7')
    .transform((text, ctx) => {
      const days = text.split(',').map((part) => Number(part.trim()));
      const ok =
        days.length > 0 &&
        days.every((d, i) => Number.isInteger(d) && d >= 1 && d <= 60 && (i === 0 || d > days[i - 1]!));
      if (!ok) {
        ctx.addIssue({
          code: 'custom',
          message: 'PLAN_CHARGE_RETRY_DAYS must be rising whole days from 1 to 60, e.g. "1,3,7".',
        });
        return z.NEVER;
      }
      return days;
    }),
  /** A completion charge still `pending` after this many minutes never ran: the scheduled job charges it. */
  chargeSweepMinutes: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(5),
  /**
   * The late-cancel fee (off unless both are above 0): a customer who cancels within this many hours of the
   * start is charged this fee on the card on file. Never when the shop cancels.
   */
  lateCancelHours: z.coerce
    .number()
    .min(0)
    .max(24 * 14)
    .default(0),
  lateCancelFeeCents: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /**
   * Keeping customers in the loop (issue 21). Reminders go this many hours before a Pending or Confirmed
   * booking; the optional morning reminder at this clock time of the day itself ('' : off).
   */
  reminderHours: z.coerce.number().int().min(1).max(168).default(24),
  reminderMorningAt: z
    .string()
    .regex(/^(([01]\d|2[0-3]):[0-5]\d)?$/, 'REMINDER_MORNING_AT must be a time HH:mm, or empty for none')
    .default(''),
  /** Service plans (issue 35, decision 131): each enrolment's visits are placed this many days ahead. */
  planHorizonDays: z.coerce.number().int().min(7).max(366).default(42),
  /**
   * Daytime in the business zone (issue 30, decision 097): "On my way" outside these hours reaches the
   * customer only when the technician (or the admin) confirms it.
   */
  daytimeStart: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'DAYTIME_START must be a time HH:mm, e.g. 07:00')
    .default('07:00'),
  daytimeEnd: z
    .string()
    .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'DAYTIME_END must be a time HH:mm (up to 24:00), e.g. 21:00')
    .default('21:00'),
  /** A customer may move or cancel-by-link a booking until this many hours (at most 14 days) before it starts. */
  rescheduleNoticeHours: z.coerce.number().min(0).max(336).default(24),
  /** The review request goes this many hours after a booking is Completed. */
  reviewRequestHours: z.coerce.number().min(0).max(168).default(2),
  /** Recommended work (issue 33): its follow-up notice goes this many days after it was declined. */
  recommendedFollowUpDays: z.coerce.number().int().min(1).max(365).default(30),
  /** "Your car is due" (decision 124): miles a day assumed for a vehicle without two readings (an estimate). */
  dueMilesPerDay: z.coerce.number().min(1).max(500).default(30),
  /** The shop's Google review link ('' : none), added to review requests. */
  googleReviewUrl: z.union([z.literal(''), z.url('GOOGLE_REVIEW_URL must be a URL')]).default(''),
  /** Text messages: the identity they go from, the topic replies come on (config-providers.ts). */
  ...smsSettings,
  /**
   * The business's public details (issue 31): shown on the site's pages and signed under every mail.
   * Locally they default to the sample shop's (core/src/business-details.ts); on AWS the public
   * e-mail and the phone must be set.
   */
  business: z.object({
    name: z.string().trim().min(1, 'BUSINESS_NAME must not be empty').default(localBusinessDefaults.name),
    /** The area the shop serves, as the pages say it ("West Chester, PA"). */
    area: z.string().trim().min(1, 'BUSINESS_AREA must not be empty').default(localBusinessDefaults.area),
    email: z.email('BUSINESS_PUBLIC_EMAIL is required: the e-mail address the pages and mails give'),
    phone: z
      .string('BUSINESS_PHONE is required: the number the pages and mails give, e.g. (610) 555-0142')
      .trim()
      .refine(
        (phone) => toUsE164(phone) !== undefined,
        'BUSINESS_PHONE must be a US number, e.g. (610) 555-0142',
      ),
  }),
  /** How long a booking's photos are kept after the visit, in days (issue 34, decision 123). */
  bookingPhotoRetentionDays: z.coerce.number().int().min(1).max(3650).default(180),
  /** Inspection photos a work order may hold (issue 22). */
  inspectionPhotoLimit: z.coerce.number().int().min(1).max(50).default(10),
  /** Vehicles a customer's garage keeps (issue 34). */
  garageVehicleLimit: z.coerce.number().int().min(1).max(50).default(10),
  /** How long a work order's acknowledgment link works, in days (decision 039). */
  ackLinkDays: z.coerce.number().int().min(1).max(60).default(7),
  /** How long the code mailed to answer an estimate in the work order portal works, in minutes (decision 127). */
  portalCodeMinutes: z.coerce.number().int().min(5).max(240).default(30),
  /** How long the receipt's "add a tip" link works, in days (decision 130). */
  tipLinkDays: z.coerce.number().int().min(1).max(90).default(14),
  /** How long a plan mail's "Manage your plan" link works, in days (decision 133). */
  planLinkDays: z.coerce.number().int().min(1).max(90).default(30),
  /**
   * NHTSA's vPIC API (vehicle makes and models, issue 11). Public, no key;
   * the local stack points it at its stand-in (functions/src/local/vpic).
   */
  vpicBaseUrl: z
    .url('VPIC_BASE_URL must be a URL')
    .default('https://vpic.nhtsa.dot.gov/api/vehicles')
    .transform((url) => url.replace(/\/+$/, '')),
};

// The names this module reads, by who sets them (issue 31): in an import-free module, so that the SST
// program (infra/) can read the lists without bundling zod or date-fns.
export {
  type BusinessSettingName,
  type DeploySettingName,
  type SecretName,
  type SettingGroup,
  settingNames,
} from './config-names';

const localSchema = z.object({
  mode: z.literal('local'),
  ...common,
  square,
  endpoints: z.object({
    dynamodb: z.url('DYNAMODB_ENDPOINT must be a URL'),
    s3: z.url('S3_ENDPOINT must be a URL'),
    ses: z.url('SES_ENDPOINT must be a URL'),
    /** Amazon Location's Places and Routes APIs: the stand-in of functions/src/local/location (decision 065). */
    geoPlaces: z.url('GEO_PLACES_ENDPOINT must be a URL'),
    geoRoutes: z.url('GEO_ROUTES_ENDPOINT must be a URL'),
    /** AWS End User Messaging SMS (pinpoint-sms-voice-v2): the stand-in of functions/src/local/sms (issue 21). */
    sms: z.url('SMS_ENDPOINT must be a URL'),
  }),
});

const awsSchema = z.object({
  mode: z.literal('aws'),
  ...common,
  square: square.refine((settings) => settings.environment !== 'local', {
    message: 'SQUARE_ENVIRONMENT=local is for the local stack only; use sandbox or production',
    path: ['environment'],
  }),
});

const configSchema = z.discriminatedUnion('mode', [localSchema, awsSchema]);

export type Config = z.infer<typeof configSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = env.APP_MODE ?? 'local';
  const raw = settingsFromEnv(env, mode);
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration (APP_MODE=${mode}):\n${problems.join('\n')}`);
  }
  if (parsed.data.technicianDayEnd <= parsed.data.technicianDayStart) {
    throw new Error(
      `Invalid configuration (APP_MODE=${mode}):\n  - technicianDayEnd: TECHNICIAN_DAY_END must be after TECHNICIAN_DAY_START`,
    );
  }
  if (parsed.data.daytimeEnd <= parsed.data.daytimeStart) {
    throw new Error(
      `Invalid configuration (APP_MODE=${mode}):\n  - daytimeEnd: DAYTIME_END must be after DAYTIME_START`,
    );
  }
  return parsed.data;
}

/**
 * The drive-estimate settings alone, read from `env` with the same rules:
 * for the local Routes stand-in, which runs beside (not inside) the app's
 * configured process and computes its answers with the same model.
 */
export function readDriveFactors(env: NodeJS.ProcessEnv = process.env) {
  const { driveDetourFactor, driveAverageMph, driveFloorMinutes } = common;
  return z.object({ driveDetourFactor, driveAverageMph, driveFloorMinutes }).parse({
    driveDetourFactor: env.DRIVE_DETOUR_FACTOR,
    driveAverageMph: env.DRIVE_AVERAGE_MPH,
    driveFloorMinutes: env.DRIVE_FLOOR_MINUTES,
  });
}

let cached: Config | undefined;

/** The validated configuration of this process, read on first use. */
export function config(): Config {
  cached ??= readConfig();
  return cached;
}
