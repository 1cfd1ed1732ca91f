/**
 * The SST side of environment.ts: each function's environment and
 * permissions, from the deploy's resources, settings and secrets. The API
 * (api.ts) and the scheduled job (cron.ts) take theirs from here; the bundle
 * test calls the same pure functions with the stand-ins' names.
 */
import { squareBaseUrls } from '../core/src/square-hosts';
import { email } from './email';
import { type FunctionName, functionEnvironment, functionPermissions, lambdaFunctions } from './environment';
import { secretValues } from './secrets';
import { businessEmail, businessPhone, businessPublicEmail, businessSettings, mailFrom } from './settings';
import { bucket, privateBucket, table } from './storage';
import { inboundTexts } from './texts-topic';
import { router } from './web';

const region = aws.getRegionOutput().region;
const account = aws.getCallerIdentityOutput().accountId;

/** A function's environment on AWS (environment.ts `functionEnvironment`). */
export function environmentOf(fn: FunctionName) {
  return functionEnvironment<$util.Input<string>>(fn, {
    deploy: {
      TABLE_NAME: table.name,
      BUCKET_NAME: bucket.name,
      PRIVATE_BUCKET_NAME: privateBucket.name,
      MAIL_FROM: mailFrom,
      BUSINESS_EMAIL: businessEmail,
      PUBLIC_URL: router.url,
      // Square's host for the stage's PaymentEnvironment secret.
      SQUARE_BASE_URL: secretValues.SQUARE_ENVIRONMENT.apply(
        (environment) => squareBaseUrls[environment as keyof typeof squareBaseUrls],
      ),
      // The topic customers' replies by text arrive on (issue 36): the HTTP route checks it too.
      SMS_INBOUND_TOPIC_ARN: inboundTexts.arn,
    },
    business: {
      ...businessSettings,
      BUSINESS_PHONE: businessPhone,
      BUSINESS_PUBLIC_EMAIL: businessPublicEmail,
    },
    secrets: secretValues,
  });
}

/** A function's permissions on AWS (environment.ts `functionPermissions`): no `link`, so nothing more. */
export function permissionsOf(fn: FunctionName) {
  return functionPermissions<$util.Input<string>>(
    fn,
    {
      region,
      account,
      tableArn: table.arn,
      publicBucketArn: bucket.arn,
      privateBucketArn: privateBucket.arn,
      emailConfigurationSetArn: email.nodes.configurationSet.arn,
      smsOriginationIdentity: businessSettings.SMS_ORIGINATION_IDENTITY,
    },
    (parts, ...values) => $interpolate(parts, ...values),
  );
}

/** The handler and timeout of a function as environment.ts defines it. */
export function definitionOf(fn: FunctionName) {
  const { handler, timeoutSeconds } = lambdaFunctions[fn];
  return { handler, timeout: `${timeoutSeconds} seconds` as const };
}
