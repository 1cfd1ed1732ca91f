import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { releaseEarlyForms } from './early-forms';

let onPageHydrated: (() => void) | undefined;

/**
 * main.tsx and home/start.tsx, before hydrating a pre-rendered page (decisions 043
 * and 048). Its HTML was drawn with no session and no data, and the first
 * render must draw the same: the queries started meanwhile wait, as if
 * offline, until the page's content has hydrated; then they run,
 * <html> loses the data-hydrating mark that the page's inline script and
 * /boot.js set (the browser tests wait for that), and the forms get what was
 * typed and sent before (decision 053).
 */
export function holdQueriesUntilHydrated(queryClient: QueryClient): void {
  onlineManager.setOnline(false);
  onPageHydrated = () => {
    onlineManager.setOnline(true);
    // The cache is told directly: the client may not be listening yet if the page hydrated in the first pass.
    void queryClient.getQueryCache().onOnline();
    document.documentElement.removeAttribute('data-hydrating');
    // What was typed and sent before this moment is the app's now (decision 053).
    releaseEarlyForms();
  };
}

const noSubscription = () => () => {};

/**
 * False while React hydrates a pre-rendered page (the server snapshot), true
 * from the render right after, and at once in a page rendered in the browser.
 * For a component whose first render would depend on what the pre-render did
 * not have, such as the address's query.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Rendered after each route's component (router.tsx) and after the home
 * page (home/HomeApp.tsx): its effect runs once that content has hydrated. React
 * hydrates what is inside a Suspense boundary (the router puts one around
 * the pages) after the first commit, so an effect at the root would run too
 * early.
 */
export function PageHydrated() {
  useEffect(() => {
    const callback = onPageHydrated;
    onPageHydrated = undefined;
    callback?.();
  }, []);
  return null;
}
