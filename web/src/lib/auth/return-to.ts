import { safeRedirect } from './guards';

/**
 * Where a visitor who registers from a page (a booking page) goes once they
 * have verified their email and signed in (issue 30). The verification link
 * comes by mail, so the page is remembered in this browser for a day; the
 * link opened in another browser simply signs in to the usual place.
 */
const KEY = 'return-after-verify';
const KEEP_MS = 24 * 60 * 60 * 1000;

export function rememberReturn(target: string | undefined, now = Date.now()): void {
  const path = safeRedirect(target);
  try {
    if (path) localStorage.setItem(KEY, JSON.stringify({ path, until: now + KEEP_MS }));
  } catch {
    // No storage: the visitor lands on the usual page after signing in.
  }
}

/** The remembered page, if still fresh. */
export function rememberedReturn(now = Date.now()): string | undefined {
  try {
    const raw = localStorage.getItem(KEY);
    const kept = raw ? (JSON.parse(raw) as { path?: unknown; until?: unknown }) : null;
    if (!kept || typeof kept.path !== 'string' || typeof kept.until !== 'number' || kept.until < now) return;
    return safeRedirect(kept.path);
  } catch {
    return undefined;
  }
}

export function forgetReturn(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
