/**
 * A service's due rule as fields (issue 34, decision 124): the bounds and
 * their messages, import-free, so the server's schema (due-rule.ts) and the
 * admin's service form say the same.
 */
export const dueRuleMessages = {
  empty: 'A due rule needs a number of days, a number of miles, or both.',
  days: 'Days between services must be a whole number from 1 to 3650.',
  miles: 'Miles between services must be a whole number from 100 to 100000.',
  ahead: 'Days ahead to remind must be a whole number from 0 to 90.',
} as const;

export const dueRuleLimits = {
  days: [1, 3650],
  miles: [100, 100_000],
  ahead: [0, 90],
} as const;

/** The message for `value` as the rule's `field`, or undefined when it fits. */
export function dueFieldProblem(field: keyof typeof dueRuleLimits, value: number): string | undefined {
  const [min, max] = dueRuleLimits[field];
  return Number.isInteger(value) && value >= min && value <= max ? undefined : dueRuleMessages[field];
}
