import type * as z from 'zod';

/** The arguments a tuple schema takes or gives (trailing optional elements may be left out). */
type Args<T> = T extends readonly unknown[] ? T : never;

/**
 * Wraps a domain function so its input is validated at the domain boundary:
 * every core verb that takes input from outside goes through it (decision 059).
 * `.schema` lets HTTP handlers reuse the same rules for their validators
 * (functions/src/api/*: `zValidator('json', Account.register.schema)`).
 *
 * One input: `fn(schema, (input) => ...)`. Several arguments (an id and a
 * form, a form and an uploaded image): `fn(z.tuple([a, b]), (a, b) => ...)`,
 * each argument checked by its element of the tuple.
 */
export function fn<Schema extends z.ZodTuple, Result>(
  schema: Schema,
  body: (...args: Args<z.output<Schema>>) => Result,
): ((...args: Args<z.input<Schema>>) => Result) & { schema: Schema };
export function fn<Schema extends z.ZodType, Result>(
  schema: Schema,
  body: (input: z.output<Schema>) => Result,
): ((input: z.input<Schema>) => Result) & { schema: Schema };
export function fn(schema: z.ZodType, body: (...args: unknown[]) => unknown) {
  const spread = schema._zod.def.type === 'tuple';
  const run = spread
    ? (...args: unknown[]) => body(...(schema.parse(args) as unknown[]))
    : (input: unknown) => body(schema.parse(input));
  return Object.assign(run, { schema });
}
