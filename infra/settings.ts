/**
 * Settings read from the environment of the machine that runs `sst deploy`
 * (secrets are not here: see secrets.ts). Each one is documented in
 * docs/deploy.md. A missing required setting fails the deploy with a message
 * that names the variable, rather than deploying functions whose config check
 * (core/src/config.ts) would then fail on every request.
 */

function optional(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
}

function required(name: string, hint: string, fallback?: string): string {
  const value = optional(name) ?? fallback;
  if (!value) {
    throw new Error(`${name} is not set. ${hint} See docs/deploy.md.`);
  }
  return value;
}

/** Custom domain of the site, e.g. `example.com`. Without it the site is served on its CloudFront URL. */
export const siteDomain = optional('SITE_DOMAIN');

/**
 * The SES sender identity. Normally a domain (`example.com`): once verified,
 * any address of the domain may send. For a throw-away stage it may be a
 * single address, which SES verifies by mailing it a link. Defaults to
 * SITE_DOMAIN; there is deliberately no placeholder default, because SES
 * cannot send from an identity nobody can verify.
 */
export const mailIdentity = required(
  'MAIL_DOMAIN',
  "Set MAIL_DOMAIN to the domain (or single address) that sends the app's e-mail, or set SITE_DOMAIN.",
  siteDomain,
);

/** The From address of the app's e-mail; it must belong to `mailIdentity`. */
export const mailFrom =
  optional('MAIL_FROM') ?? (mailIdentity.includes('@') ? mailIdentity : `no-reply@${mailIdentity}`);

/** The business's inbox, which receives booking notifications. */
export const businessEmail = required('BUSINESS_EMAIL', "Set BUSINESS_EMAIL to the business's inbox.");

/**
 * The business settings of core/src/config.ts, passed on only when set at
 * deploy time (each has a default there): the drive between jobs, a new
 * technician's working hours (decision 078), and the work orders' defaults (decision 024), the
 * shop's base, area, drive-estimate factors and trip fee (decision 065).
 */
export const businessSettings = Object.fromEntries(
  [
    'TRAVEL_BUFFER_MINUTES',
    'TECHNICIAN_DAY_START',
    'TECHNICIAN_DAY_END',
    // When "On my way" goes without asking (issue 30, decision 097).
    'DAYTIME_START',
    'DAYTIME_END',
    'DEFAULT_TAX_RATE',
    'LABOR_RATE_CENTS',
    'ACK_LINK_DAYS',
    // Where the shop goes and how long it drives (issue 20, decision 065).
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
    'TRIP_FEE_BANDS',
  ].flatMap((name) => {
    const value = optional(name);
    return value === undefined ? [] : [[name, value]];
  }),
) as Record<string, string>;
