import * as z from 'zod';
import { squareBaseUrls, squareEnvironments } from './square-hosts';

export type { SquareEnvironment } from './square-hosts';

/*
 * The third parties' settings that config.ts reads with the rest: the Square account (its schema,
 * its raw values from the environment, the local stand-in's credentials) and the number texts go
 * from (issue 21).
 */

/** The credentials of the local Square stand-in (it accepts only this Bearer token). */
export const localSquareDefaults = {
  accessToken: 'local-square-access-token',
  appId: 'sandbox-sq0idb-local-stand-in',
  locationId: 'LOCALSTANDIN01',
  /** The key the stand-in signs its webhooks with (Square's webhook signature key; decision 070). */
  webhookSignatureKey: 'local-square-webhook-signature-key',
} as const;

/** Where Square posts its webhooks on this app (the notification URL the signature covers). */
export const SQUARE_WEBHOOK_PATH = '/api/webhooks/square';

/**
 * The Square account. On AWS an empty access token, app id or location id
 * means "not configured" (infra/secrets.ts): card payments are then refused
 * with a clear message instead of the whole API failing its start-up check.
 */
export const square = z.object({
  environment: z.enum(squareEnvironments, {
    error: 'SQUARE_ENVIRONMENT must be local, sandbox or production',
  }),
  baseUrl: z
    .url('SQUARE_BASE_URL must be a URL (the local stack sets it to its Square stand-in)')
    .transform((url) => url.replace(/\/+$/, '')),
  accessToken: z.string().trim(),
  appId: z.string().trim(),
  locationId: z.string().trim(),
  /**
   * Square's webhook signature key (decision 070): empty means "not configured", and every webhook
   * is refused with 401. On AWS a secret (infra/secrets.ts); locally the stand-in's key.
   */
  webhookSignatureKey: z.string().trim(),
  /** The notification URL Square posts to, exactly as its subscription names it (the signature covers it). */
  webhookUrl: z.url('SQUARE_WEBHOOK_URL must be a URL'),
});

/** The raw Square settings: the environment decides the host and, locally, the stand-in's credentials. */
export function squareSettings(mode: string, env: NodeJS.ProcessEnv) {
  const environment = env.SQUARE_ENVIRONMENT?.trim() || (mode === 'local' ? 'local' : 'sandbox');
  const standIn = environment === 'local';
  const host =
    environment === 'sandbox' || environment === 'production' ? squareBaseUrls[environment] : undefined;
  return {
    environment,
    baseUrl: env.SQUARE_BASE_URL?.trim() || host,
    accessToken: env.SQUARE_ACCESS_TOKEN ?? (standIn ? localSquareDefaults.accessToken : ''),
    appId: env.SQUARE_APP_ID ?? (standIn ? localSquareDefaults.appId : ''),
    locationId: env.SQUARE_LOCATION_ID ?? (standIn ? localSquareDefaults.locationId : ''),
    webhookSignatureKey:
      env.SQUARE_WEBHOOK_SIGNATURE_KEY ?? (standIn ? localSquareDefaults.webhookSignatureKey : ''),
    webhookUrl:
      env.SQUARE_WEBHOOK_URL?.trim() ||
      (env.PUBLIC_URL ? `${env.PUBLIC_URL.trim().replace(/\/+$/, '')}${SQUARE_WEBHOOK_PATH}` : undefined),
  };
}

/** The settings of texts (config.ts's schema). */
export const smsSettings = {
  /**
   * Text messages (AWS End User Messaging SMS, issue 21): the number or sender id they go from.
   * Empty means texts are off (decision 084): the default on AWS, and what `off` says anywhere.
   * Locally it defaults to the stand-in's number (the stand-in accepts any).
   */
  smsOriginationIdentity: z.string().trim(),
  /**
   * The SNS topic End User Messaging publishes customers' replies to (issue 36, decision 120): set
   * by infra (infra/texts.ts); locally the SMS stand-in's. A notification from another topic is refused.
   */
  smsInboundTopicArn: z.string().trim(),
};

/** The local stand-in's number (README): texts go from it on the local stack only. */
export const LOCAL_SMS_ORIGINATION_IDENTITY = '+16105550142';

/**
 * The local stack's SNS topic of inbound texts (issue 36, decision 120): the SMS stand-in signs
 * the notifications of customers' replies as from it. On AWS, SMS_INBOUND_TOPIC_ARN is the topic
 * infra/texts.ts makes.
 */
export const LOCAL_SMS_INBOUND_TOPIC_ARN =
  'arn:aws:sns:us-east-1:000000000000:mobile-auto-care-inbound-texts';

/** The topic inbound texts come from: the set ARN, else the stand-in's locally ('' on AWS: none accepted). */
export function smsInboundTopic(mode: string, value: string | undefined): string {
  const set = value?.trim() ?? '';
  return set || (mode === 'local' ? LOCAL_SMS_INBOUND_TOPIC_ARN : '');
}

/** The origination identity, or '' for "texts are off" (unset on AWS, or `off` anywhere; decision 084). */
export function smsIdentity(mode: string, value: string | undefined): string {
  const set = value?.trim();
  if (set?.toLowerCase() === 'off') return '';
  return set || (mode === 'local' ? LOCAL_SMS_ORIGINATION_IDENTITY : '');
}
