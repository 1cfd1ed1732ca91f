import { handle } from 'hono/aws-lambda';
import { app } from '../api/index';

/** The API on AWS Lambda (function URL behind the CDN router; see infra/api.ts). */
export const handler = handle(app);
