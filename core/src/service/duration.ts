/**
 * Service durations arrive as minutes (a number) or as text such as
 * '90 min' or '2 hours' (doc 1 §3): text containing 'hour' is multiplied by 60.
 * Pure functions, shared by the server and the browser.
 */
export type Duration = number | string;

/** Minutes for a duration, or null when it cannot be read. */
export function parseDurationMinutes(duration: Duration | null | undefined): number | null {
  if (typeof duration === 'number') return Number.isFinite(duration) && duration >= 0 ? duration : null;
  if (typeof duration !== 'string') return null;
  const match = duration.match(/\d+(?:\.\d+)?/);
  if (!match) return null;
  const value = Number(match[0]);
  const minutes = /hour/i.test(duration) ? value * 60 : value;
  return Number.isFinite(minutes) ? Math.round(minutes) : null;
}

/** The four filter buckets of doc 1 §5, split at 60, 120 and 240 minutes. */
export const durationBuckets = [
  { id: 'under60', label: 'Under 60 min' },
  { id: '60to120', label: '60 - 120 min' },
  { id: '120to240', label: '2 - 4 hours' },
  { id: 'over240', label: 'Over 4 hours' },
] as const;

export type DurationBucket = (typeof durationBuckets)[number]['id'];

/** The bucket a duration falls in; null for an unknown or zero duration. */
export function durationBucket(duration: Duration | null | undefined): DurationBucket | null {
  const minutes = parseDurationMinutes(duration);
  if (minutes === null || minutes <= 0) return null;
  if (minutes < 60) return 'under60';
  if (minutes <= 120) return '60to120';
  if (minutes <= 240) return '120to240';
  return 'over240';
}
