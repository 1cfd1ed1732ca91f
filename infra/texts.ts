/**
 * Customers' replies by text (issue 36, decision 120): the inbound topic
 * (texts-topic.ts) invokes this function with each one. It gets the same
 * environment as the API (config.ts reads every setting) and the permissions
 * of its work (the table, the buckets for a mail's files, SES, and texts
 * from the origination identity for the answer to R): environment.ts.
 * Only the topic may invoke it (the subscription's permission).
 */
import { definitionOf, environmentOf, permissionsOf } from './function-config';
import { inboundTexts } from './texts-topic';

export { inboundTexts };

inboundTexts.subscribe('TextReplies', {
  runtime: 'nodejs22.x',
  ...definitionOf('texts'),
  nodejs: { minify: true, splitting: true, esbuild: { external: ['sharp'] } },
  permissions: permissionsOf('texts'),
  environment: environmentOf('texts'),
});
