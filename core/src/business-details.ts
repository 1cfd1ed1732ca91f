/**
 * The business's public details without the configuration module: import-free,
 * so that the browser's bundle (web/src/lib/business.ts) and the web build's
 * config (web/vite.config.ts) may use it. The details are settings
 * (core/src/config.ts `business`, issue 31): BUSINESS_NAME, BUSINESS_AREA,
 * BUSINESS_PUBLIC_EMAIL and BUSINESS_PHONE. Locally they default to the sample
 * shop's; on AWS the e-mail and the phone must be set (no placeholder there).
 */
export type BusinessDetails = { name: string; area: string; email: string; phone: string };

/** The sample shop's public details: the local stack's defaults (config.ts, and the web build's). */
export const localBusinessDefaults: BusinessDetails = {
  name: 'Mobile Auto Care',
  area: 'West Chester, PA',
  email: 'info@mobileautocare.example',
  phone: '(610) 555-0142',
};

/**
 * The details as set in `env` (trimmed; unset: undefined), with the local
 * defaults in local mode. config.ts validates them; the web build takes them
 * with the local defaults for what is unset (a deploy sets them: infra/settings.ts).
 */
export function businessDetailsFrom(env: Record<string, string | undefined>, mode: string) {
  const set = (name: string) => env[name]?.trim() || undefined;
  const local = mode === 'local';
  return {
    name: set('BUSINESS_NAME'),
    area: set('BUSINESS_AREA'),
    email: set('BUSINESS_PUBLIC_EMAIL') ?? (local ? localBusinessDefaults.email : undefined),
    phone: set('BUSINESS_PHONE') ?? (local ? localBusinessDefaults.phone : undefined),
  };
}

/** The details the web build compiles in (web/vite.config.ts): the environment's, or the sample shop's. */
export function webBusinessDetails(env: Record<string, string | undefined>): BusinessDetails {
  const set = businessDetailsFrom(env, 'local');
  return {
    name: set.name ?? localBusinessDefaults.name,
    area: set.area ?? localBusinessDefaults.area,
    email: set.email ?? localBusinessDefaults.email,
    phone: set.phone ?? localBusinessDefaults.phone,
  };
}
