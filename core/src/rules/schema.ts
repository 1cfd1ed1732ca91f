import * as z from 'zod';
import { formatUsNumber, toUsE164, usPhoneProblem } from './phone';
import { toCents } from '../money';
import * as time from '../time';
import {
  centsMessage,
  centsProblem,
  dateMessages,
  dateProblem,
  moneyMessages,
  moneyProblem,
  nameProblem,
  PHONE_MAX,
  stateMessages,
  stateProblem,
  parseVehicleYear,
  phoneProblem,
  type Problem,
  type TextRule,
  textMessages,
  textProblem,
  vehicleYearMessages,
  vehicleYearProblem,
  VIN_MAX,
  vinProblem,
  ZIP_MAX,
  zipProblem,
} from './fields';

/**
 * The server's zod schemas for the field rules of ./fields.ts: each checks with
 * the pure rule and reports its message, so the server and the forms say the
 * same thing (decision 059). Server only: the browser imports ./fields.
 */

/** A refinement that reports `rule`'s problem as the issue's message. */
function check<T>(rule: (value: T) => Problem) {
  return (value: T, ctx: z.RefinementCtx) => {
    const problem = rule(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  };
}

/**
 * A text field (./fields `textProblem`), trimmed, with an optional `shape`
 * rule for a non-blank value (phone, VIN, ZIP); one message, the first problem.
 */
export function checkedText(
  rule: TextRule,
  shape?: Rule,
  notText = textProblem('', { ...rule, required: true }),
) {
  const problem = (value: string) =>
    textProblem(value, rule) ?? (shape && value.trim() ? shape(value.trim()) : undefined);
  return z
    .string({ error: notText })
    .superRefine(check(problem))
    .transform((value) => value.trim());
}
const requiredField = (rule: Omit<TextRule, 'required'>, shape?: Rule) =>
  checkedText({ ...rule, required: true }, shape);
/** Optional fields give '' when absent or blank; null or a number is not text, as before decision 059. */
const optionalField = (rule: Omit<TextRule, 'required'>, shape?: Rule) =>
  checkedText(rule, shape, textMessages.notText(rule.label))
    .optional()
    .transform((value) => value ?? '');
type Rule = (value: string) => Problem;

/** A required text (one line unless `multiline`). */
export const requiredText = (rule: Omit<TextRule, 'required'>) => requiredField(rule);
/** An optional text (one line unless `multiline`): absent or blank give ''; null is refused, as any other non-text. */
export const optionalText = (rule: Omit<TextRule, 'required'>) => optionalField(rule);

/** A required one-line text. */
export const line = (label: string, max: number) => requiredText({ label, max });
/** An optional one-line text: absent or blank give ''. */
export const optionalLine = (label: string, max: number) => optionalText({ label, max });

/** A person's first or last name (./fields `nameProblem`), trimmed. */
export const personName = (label: string) =>
  z
    .string({ error: nameProblem('', label) })
    .superRefine(check((value: string) => nameProblem(value, label)))
    .transform((value) => value.trim());

/** A required phone number (./fields `phoneProblem`). */
export const phone = (label = 'Phone') =>
  requiredField({ label, max: PHONE_MAX }, (value) => phoneProblem(value, label));
/** An optional phone number: blank gives ''. */
export const optionalPhone = (label = 'Phone') =>
  optionalField({ label, max: PHONE_MAX }, (value) => phoneProblem(value, label));

/**
 * A required US phone number (./phone `usPhoneProblem`), kept as the pages show it:
 * (610) 555-0123 (its E.164 form, for `tel:` and texts, is `toUsE164` of it).
 */
export const usPhone = (label = 'Phone number') =>
  requiredField({ label, max: PHONE_MAX }, (value) => usPhoneProblem(value, label)).transform((value) =>
    formatUsNumber(toUsE164(value) ?? value),
  );

/** A required VIN (./fields `vinProblem`), upper-cased. */
export const vin = () =>
  requiredField({ label: 'VIN', max: VIN_MAX }, vinProblem).transform((value) => value.toUpperCase());
/** An optional VIN, upper-cased: blank gives ''. */
export const optionalVin = () =>
  optionalField({ label: 'VIN', max: VIN_MAX }, vinProblem).transform((value) => value.toUpperCase());

/** An optional ZIP code (./fields `zipProblem`): blank gives ''. */
export const optionalZip = () => optionalField({ label: 'ZIP code', max: ZIP_MAX }, zipProblem);
/** A required ZIP code (./fields `zipProblem`). */
export const zip = () => requiredField({ label: 'ZIP code', max: ZIP_MAX }, zipProblem);

/** A required US state code (./fields `stateProblem`), upper-cased. */
export const usState = () =>
  z
    .string({ error: stateMessages.required })
    .superRefine(check((value: string) => stateProblem(value)))
    .transform((value) => value.trim().toUpperCase());

/**
 * A calendar date `yyyy-MM-dd` within the dates the API takes (./fields
 * `dateProblem`, decision 099): `shape` is the field's own wording for a
 * malformed one, `required` for a missing one.
 */
export const calendarDate = ({
  shape = dateMessages.shape,
  required = 'Date is required.',
}: { shape?: string; required?: string } = {}) =>
  z
    .string({ error: required })
    .superRefine(check((value: string) => dateProblem(value, time.today(), shape)));

/** The vehicle's year, sent as a number or as its text, checked against today (business zone); a number. */
export const vehicleYear = () =>
  z
    .union([z.number(), z.string()], { error: vehicleYearMessages.required })
    .superRefine(check((value: number | string) => vehicleYearProblem(value, time.today())))
    .transform((value) => parseVehicleYear(value) as number);

/** A money field's own wording where it predates the money rule (the service form's price, doc 2 §5). */
export type DollarsWording = { notNumber: string; negative: string; tooMuch: string; notCents: string };

/**
 * Dollars as the spec's clients send them (a number, or its text from a
 * form), checked by ./fields `moneyProblem`: for the HTTP edge's schemas
 * only, which turn them into cents (core takes cents, decision 004). The one
 * way money enters (decision 112). `absent: 'required'` answers a null or
 * missing amount with the rule's "is required" (the work-order lines);
 * `wording` keeps a form's own messages and takes numbers only (the service
 * price).
 */
export function dollars(
  label: string,
  maxCents: number,
  { absent, wording }: { absent?: 'required'; wording?: DollarsWording } = {},
) {
  if (wording) {
    return z
      .number({ error: wording.notNumber })
      .superRefine(
        check((value: number) =>
          value < 0
            ? wording.negative
            : value * 100 > maxCents + 1e-6
              ? wording.tooMuch
              : Math.abs(toCents(value) - value * 100) < 1e-6
                ? undefined
                : wording.notCents,
        ),
      );
  }
  const sent = absent
    ? z.union([z.number(), z.string(), z.null(), z.undefined()], {
        error: moneyMessages.invalid(label, maxCents),
      })
    : z.union([z.number(), z.string()], { error: moneyMessages.invalid(label, maxCents) });
  return sent
    .superRefine(check((value: number | string | null | undefined) => moneyProblem(value, label, maxCents)))
    .transform((value) => Number(value));
}

/** An uploaded file's bytes, when one was sent (its kind and size are checked by its own module). */
export const uploadedBytes = () =>
  z
    .custom<Uint8Array<ArrayBufferLike>>((value) => value instanceof Uint8Array, {
      error: 'The upload must be a file.',
    })
    .optional();

/** Whole cents, as core takes money: an integer from 0 to `maxCents`. */
export const cents = (label: string, maxCents: number) =>
  z
    .number({ error: centsMessage(label, maxCents) })
    .superRefine(check((value: number) => centsProblem(value, label, maxCents)));
