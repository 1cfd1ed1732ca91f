/**
 * The settings a unit test gives `process.env` so that core's config() reads
 * AWS mode without a stack: names for resources it never calls, and the
 * public contact details AWS mode requires (issue 31), the sample shop's.
 */
export const awsUnitEnv = {
  APP_MODE: 'aws',
  TABLE_NAME: 'unused',
  BUCKET_NAME: 'unused',
  PRIVATE_BUCKET_NAME: 'unused',
  BUSINESS_PUBLIC_EMAIL: 'info@mobileautocare.example',
  BUSINESS_PHONE: '(610) 555-0142',
  MAIL_FROM: 'no-reply@mobileautocare.example',
  BUSINESS_EMAIL: 'shop@mobileautocare.example',
  PUBLIC_URL: 'https://mobileautocare.example',
  JWT_SECRET: 'x'.repeat(40),
};

/** The settings every mode reads (the local stack's names): what a unit test of the config starts from. */
export const localUnitEnv = {
  APP_MODE: 'local',
  TABLE_NAME: 'table',
  BUCKET_NAME: 'bucket',
  MAIL_FROM: 'no-reply@example.com',
  BUSINESS_EMAIL: 'shop@example.com',
  PUBLIC_URL: 'http://localhost:3000/',
  JWT_SECRET: 'x'.repeat(32),
};
