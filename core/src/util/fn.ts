import type * as z from 'zod';

/** The arguments a tuple schema takes or gives (trailing optional elements may be left out). */
type Args<T> = T extends readonly unknown[] ? T : never;

/**
 * How a verb refuses input its schema does not take. Without one, `fn` throws
 * the ZodError, which the API answers 400 `{ msg }` with the first issue. A
 * domain whose replies say more (the work orders' `{ msg, message }`,
 * decision 064) passes its own, which throws its domain error instead.
 */
export type Refuse = (error: z.ZodError) => never;

/**
 * Wraps a domain function so its input is validated at the domain boundary:
 * every core verb that takes input from outside goes through it (decision 059).
 * `.schema` lets HTTP handlers reuse the same rules for their validators
 * (functions/src/api/*: `zValidator('json', Account.register.schema)`).
 *
 * One input: `fn(schema, (input) => ...)`. Several arguments (an id and a
 * form, a form and an uploaded image): `fn(z.tuple([a, b]), (a, b) => ...)`,
 * each argument checked by its element of the tuple. A third argument,
 * `refuse`, replaces the ZodError thrown for a refused input.
 */
export function fn<Schema extends z.ZodTuple, Result>(
  schema: Schema,
  body: (...args: Args<z.output<Schema>>) => Result,
  refuse?: Refuse,
): ((...args: Args<z.input<Schema>>) => Result) & { schema: Schema };
export function fn<Schema extends z.ZodType, Result>(
  schema: Schema,
  body: (input: z.output<Schema>) => Result,
  refuse?: Refuse,
): ((input: z.input<Schema>) => Result) & { schema: Schema };
export function fn(schema: z.ZodType, body: (...args: unknown[]) => unknown, refuse?: Refuse) {
  const check = (input: unknown): unknown => {
    if (!refuse) return schema.parse(input);
    const parsed = schema.safeParse(input);
    return parsed.success ? parsed.data : refuse(parsed.error);
  };
  const spread = schema._zod.def.type === 'tuple';
  const run = spread
    ? (...args: unknown[]) => body(...(check(args) as unknown[]))
    : (input: unknown) => body(check(input));
  return Object.assign(run, { schema });
}

/**
 * A refusal for a verb that checks its caller before it reads its input: the
 * check runs first, so a caller it refuses is answered as before (401/403)
 * whatever the input; an allowed caller gets the input's ZodError (400).
 */
export const callerFirst =
  (check: () => unknown): Refuse =>
  (error) => {
    check();
    throw error;
  };
