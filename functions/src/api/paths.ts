import { getPathNoStrict } from 'hono/utils/url';

/**
 * The original server matched paths without regard to case or a trailing
 * slash, and the spec writes both `/api/timeslots` and `/api/timeSlots`, and
 * `GET /api/bookings/`. This makes every route, present and future, match the
 * same way, in one place: the trailing slash is dropped (Hono's non-strict
 * path), and each segment that is fixed text in some route pattern is written
 * as that pattern writes it. Parameter values (tokens, ids, slugs) keep their
 * case, because only the pattern's fixed segments are ever rewritten.
 */
export type Pattern = { segments: (string | null)[]; wildcard: boolean };

/** A route pattern such as `/api/posts/:id/comments` as its fixed segments (null: a parameter). */
export function compile(path: string): Pattern {
  const parts = path.split('/').slice(1);
  const wildcard = parts.at(-1) === '*';
  if (wildcard) parts.pop();
  // A `:name` (or `:name{regex}`) segment matches anything: null.
  return { segments: parts.map((part) => (part.startsWith(':') ? null : part)), wildcard };
}

/** Whether a canonical path is one `pattern` matches exactly (a parameter matches any segment). */
export function matches(pattern: Pattern, path: string): boolean {
  const parts = path.split('/').slice(1);
  const { segments, wildcard } = pattern;
  if (wildcard ? parts.length < segments.length : parts.length !== segments.length) return false;
  return segments.every((segment, i) => segment === null || segment === parts[i]);
}

/** The rewritten segments when `pattern` matches `parts` ignoring case, else null. */
function matchIgnoringCase(pattern: Pattern, parts: string[]): string[] | null {
  const { segments, wildcard } = pattern;
  if (wildcard ? parts.length < segments.length : parts.length !== segments.length) return null;
  const out = [...parts];
  for (let i = 0; i < segments.length; i += 1) {
    const fixed = segments[i];
    if (fixed === null || fixed === undefined) continue;
    if (fixed.toLowerCase() !== parts[i]?.toLowerCase()) return null;
    out[i] = fixed;
  }
  return out;
}

export function createPathCanonicalizer(routePaths: () => readonly string[]) {
  let patterns: Pattern[] | undefined;
  const compiled = () => {
    if (!patterns) {
      // Most fixed segments first, so `/api/testimonials/featured` wins over `/api/testimonials/:id`.
      patterns = [...new Set(routePaths())]
        .map(compile)
        .filter((p) => !p.wildcard || p.segments.some((s) => s !== null))
        .sort((a, b) => fixedCount(b) - fixedCount(a) || Number(a.wildcard) - Number(b.wildcard));
    }
    return patterns;
  };
  return (path: string): string => {
    const parts = path.split('/').slice(1);
    for (const pattern of compiled()) {
      const rewritten = matchIgnoringCase(pattern, parts);
      if (rewritten) return `/${rewritten.join('/')}`;
    }
    return path;
  };
}

const fixedCount = (pattern: Pattern) => pattern.segments.filter((s) => s !== null).length;

/**
 * Hono's `getPath` option for every app that serves the API (the Lambda app
 * and the local servers that mount it): the non-strict path, canonicalised.
 */
export function canonicalGetPath(routePaths: () => readonly string[]) {
  const canonical = createPathCanonicalizer(routePaths);
  return (request: Request) => canonical(getPathNoStrict(request));
}
