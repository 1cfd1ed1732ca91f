/** The blog list cuts summaries to 150 characters (doc 1 §5, §9). */
export const SUMMARY_LENGTH = 150;

/**
 * `text` when it fits in `max` characters; otherwise its first `max`
 * characters (whole characters, never half an emoji), trailing spaces dropped,
 * and an ellipsis.
 */
export function truncateSummary(text: string, max = SUMMARY_LENGTH): string {
  const characters = Array.from(text.trim());
  if (characters.length <= max) return characters.join('');
  return `${characters.slice(0, max).join('').trimEnd()}…`;
}
