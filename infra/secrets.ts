/**
 * Secrets, set per stage with `npx sst secret set <Name> <value> --stage <stage>`
 * (see docs/deploy.md). SST stores them encrypted in the stage's state; the
 * functions receive them as environment variables (the contract of
 * core/src/config.ts) and through `link`.
 *
 * Defaults, decided:
 * - JwtSecret has none: a deploy without it fails with SST's "secret not set"
 *   error, and a value shorter than 32 characters fails the deploy too. A
 *   guessable or empty signing key must never reach a stage.
 * - The third-party keys default to "" so that a stage can be deployed before
 *   the Google / payment accounts exist; the features that need them must treat
 *   "" as "not configured" (the reviews widget hides, online payment is off).
 */

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

export const paymentAppId = new sst.Secret('PaymentAppId', '');
export const paymentLocationId = new sst.Secret('PaymentLocationId', '');
export const paymentAccessToken = new sst.Secret('PaymentAccessToken', '');

export const allSecrets = [
  jwtSecret,
  googlePlacesApiKey,
  googlePlaceId,
  paymentAppId,
  paymentLocationId,
  paymentAccessToken,
];
