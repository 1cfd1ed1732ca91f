import { useEffect } from 'react';

let onPageHydrated: (() => void) | undefined;

/** main.tsx: `callback` runs once, when the pre-rendered page's content has hydrated (decision 043). */
export function whenPageHydrated(callback: () => void): void {
  onPageHydrated = callback;
}

/**
 * Rendered after each route's component (router.tsx): its effect runs once
 * that content has hydrated. React hydrates what is inside a Suspense
 * boundary (the router puts one around the pages) after the first commit,
 * so an effect at the root would run too early.
 */
export function PageHydrated() {
  useEffect(() => {
    const callback = onPageHydrated;
    onPageHydrated = undefined;
    callback?.();
  }, []);
  return null;
}
