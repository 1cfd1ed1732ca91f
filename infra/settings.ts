/**
 * Settings read from the environment of the machine that runs `sst deploy`
 * (secrets are not here: see secrets.ts). Each one is documented in
 * docs/deploy.md. A missing required setting fails the deploy with a message
 * that names the variable, rather than deploying functions whose config check
 * (core/src/config.ts) would then fail on every request.
 */
import { type BusinessSettingName, settingNames } from '../core/src/config-names';

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

/**
 * Existing DNS records of the domain (audit D2, decision 089). SST creates the site's apex alias
 * (A/AAAA), the mail identity's DKIM CNAMEs and a `_dmarc` TXT record in the Route 53 zone; a
 * record that already exists under one of those names stops the deploy ("already exists"),
 * unless DNS_OVERRIDE=true, which lets SST replace it in place.
 */
export const dnsOverride = optional('DNS_OVERRIDE')?.toLowerCase() === 'true';

/**
 * The `_dmarc` TXT record's value SST writes for the mail domain: the shop's own policy when it
 * has one (copy it here before the first deploy, so replacing the record keeps it), else SST's
 * monitoring-only default.
 */
export const mailDmarc = optional('MAIL_DMARC') ?? 'v=DMARC1; p=none;';
if (!/^v=DMARC1\s*;/.test(mailDmarc)) {
  throw new Error(
    `MAIL_DMARC must be a DMARC record starting "v=DMARC1;", not "${mailDmarc}". See docs/deploy.md.`,
  );
}

/** The business's inbox, which receives booking notifications. */
export const businessEmail = required('BUSINESS_EMAIL', "Set BUSINESS_EMAIL to the business's inbox.");

/**
 * The business's phone and public e-mail, as its pages and mails give them (core/src/config.ts
 * `business`): required, because there is no placeholder on AWS. The web build reads the same
 * variables from this environment and compiles them into the site (web/vite.config.ts).
 */
export const businessPhone = required(
  'BUSINESS_PHONE',
  'Set BUSINESS_PHONE to the number customers call, e.g. "(610) 555-0142".',
);
export const businessPublicEmail = required(
  'BUSINESS_PUBLIC_EMAIL',
  'Set BUSINESS_PUBLIC_EMAIL to the address the site and mails give customers, e.g. info@example.com.',
);

/**
 * The business settings of core/src/config.ts (its `settingNames.business`,
 * listed in the README's settings table), each passed on when it is set in the
 * environment of `sst deploy`; an unset one keeps config.ts's default. No list
 * here: a setting added to config.ts is forwarded by construction (decision 083).
 */
export const businessSettings = Object.fromEntries(
  settingNames.business.flatMap((name) => {
    const value = optional(name);
    return value === undefined ? [] : [[name, value]];
  }),
) as Partial<Record<BusinessSettingName, string>>;
