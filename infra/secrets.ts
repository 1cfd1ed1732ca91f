/**
 * Secrets, set per stage with `npx sst secret set <Name> <value> --stage <stage>`
 * (see docs/deploy.md). SST stores them encrypted in the stage's state; the
 * functions receive them as environment variables (the contract of
 * core/src/config.ts; `secretValues` below). They are not linked: the functions
 * read them from their environment only.
 *
 * Defaults, decided:
 * - JwtSecret has none: a deploy without it fails with SST's "secret not set"
 *   error, and a value shorter than 32 characters fails the deploy too. A
 *   guessable or empty signing key must never reach a stage.
 * - The third-party keys default to "" so that a stage can be deployed before
 *   the Google / payment accounts exist; the features that need them must treat
 *   "" as "not configured" (the reviews widget hides, online payment is off).
 */

import type { SecretName } from '../core/src/config-names';

export const jwtSecret = new sst.Secret('JwtSecret');

/** JwtSecret's value, checked at deploy time against the app's rule (>= 32 characters). */
export const jwtSecretValue = jwtSecret.value.apply((value) => {
  if (value.length < 32) {
    throw new Error('JwtSecret must be at least 32 characters; generate one with `openssl rand -base64 48`.');
  }
  return value;
});

export const googlePlacesApiKey = new sst.Secret('GooglePlacesApiKey', '');
export const googlePlaceId = new sst.Secret('GooglePlaceId', '');

/** Square (card payments): the application id, location id and access token of one Square environment. */
export const paymentAppId = new sst.Secret('PaymentAppId', '');
export const paymentLocationId = new sst.Secret('PaymentLocationId', '');
export const paymentAccessToken = new sst.Secret('PaymentAccessToken', '');
/**
 * The signature key of the stage's Square webhook subscription (decision 070), from Square's
 * Developer Console. Empty: every webhook is refused with 401 (payment links are then never marked paid).
 */
export const paymentWebhookSignatureKey = new sst.Secret('PaymentWebhookSignatureKey', '');
/**
 * Which Square the three above belong to: `sandbox` (the default, test cards
 * only) or `production` (real cards). A secret beside them, so a stage's
 * credentials and their environment are set together.
 */
export const paymentEnvironment = new sst.Secret('PaymentEnvironment', 'sandbox');

/** PaymentEnvironment's value, checked at deploy time against the app's rule (core/src/config.ts). */
export const paymentEnvironmentValue = paymentEnvironment.value.apply((value) => {
  const environment = value.trim();
  if (environment !== 'sandbox' && environment !== 'production') {
    throw new Error(`PaymentEnvironment must be "sandbox" or "production", not "${value}".`);
  }
  return environment;
});

/**
 * Each secret's value by the name core/src/config.ts reads it under (`settingNames.secrets`):
 * a secret added there fails this file's type check until it is mapped here (decision 083).
 */
export const secretValues = {
  JWT_SECRET: jwtSecretValue,
  GOOGLE_PLACES_API_KEY: googlePlacesApiKey.value,
  GOOGLE_PLACE_ID: googlePlaceId.value,
  SQUARE_ENVIRONMENT: paymentEnvironmentValue,
  SQUARE_ACCESS_TOKEN: paymentAccessToken.value,
  SQUARE_APP_ID: paymentAppId.value,
  SQUARE_LOCATION_ID: paymentLocationId.value,
  SQUARE_WEBHOOK_SIGNATURE_KEY: paymentWebhookSignatureKey.value,
} satisfies Record<SecretName, $util.Output<string>>;

export const allSecrets = [
  jwtSecret,
  googlePlacesApiKey,
  googlePlaceId,
  paymentAppId,
  paymentLocationId,
  paymentAccessToken,
  paymentWebhookSignatureKey,
  paymentEnvironment,
];
