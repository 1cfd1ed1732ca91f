/**
 * The environment variables that core/src/config.ts reads (APP_MODE=aws),
 * shared by every function so their config check passes. This is the
 * contract with the app: do not add names here that config.ts does not read.
 */
import { squareBaseUrls } from '../core/src/payments/hosts';
import {
  googlePlaceId,
  googlePlacesApiKey,
  jwtSecretValue,
  paymentAccessToken,
  paymentAppId,
  paymentEnvironmentValue,
  paymentLocationId,
  paymentWebhookSignatureKey,
} from './secrets';
import { businessEmail, businessSettings, mailFrom } from './settings';
import { bucket, table } from './storage';
import { router } from './web';

export const configEnvironment = {
  APP_MODE: 'aws',
  TABLE_NAME: table.name,
  BUCKET_NAME: bucket.name,
  MAIL_FROM: mailFrom,
  BUSINESS_EMAIL: businessEmail,
  PUBLIC_URL: router.url,
  JWT_SECRET: jwtSecretValue,
  ...businessSettings,
};

/**
 * Optional settings config.ts reads (empty = not configured): the Google
 * Places API (New) key and the shop's place id for the Google reviews. Only
 * the API function gets them (the cron job does not show reviews).
 */
export const googleReviewsEnvironment = {
  GOOGLE_PLACES_API_KEY: googlePlacesApiKey.value,
  GOOGLE_PLACE_ID: googlePlaceId.value,
};

/**
 * Square, for card payments (core/src/config.ts, `square`): the credentials
 * from the stage's secrets (empty = not configured: saving a card answers
 * 503 and charges come back failed), and Square's host for the environment.
 * Only the API function gets them.
 */
export const paymentEnvironment = {
  SQUARE_ENVIRONMENT: paymentEnvironmentValue,
  SQUARE_BASE_URL: paymentEnvironmentValue.apply((environment) => squareBaseUrls[environment]),
  SQUARE_ACCESS_TOKEN: paymentAccessToken.value,
  SQUARE_APP_ID: paymentAppId.value,
  SQUARE_LOCATION_ID: paymentLocationId.value,
  // The webhook's notification URL defaults to PUBLIC_URL + /api/webhooks/square (core/src/config.ts).
  SQUARE_WEBHOOK_SIGNATURE_KEY: paymentWebhookSignatureKey.value,
};
