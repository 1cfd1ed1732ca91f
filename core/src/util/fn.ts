import type * as z from 'zod';

/**
 * Wraps a domain function so its input is validated at the domain boundary.
 * `.schema` lets HTTP handlers reuse the same rules for their validators
 * (functions/src/api/*: `zValidator('json', Account.register.schema)`).
 */
export function fn<Schema extends z.ZodType, Result>(
  schema: Schema,
  body: (input: z.output<Schema>) => Result,
) {
  const run = (input: z.input<Schema>): Result => body(schema.parse(input));
  run.schema = schema;
  return run;
}
