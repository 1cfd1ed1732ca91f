import { hydrate, type QueryClient } from '@tanstack/react-query';

/** The element holding a page's query data when the API server rendered it with its data (decision 072). */
export const PAGE_DATA_ID = 'page-data';

/**
 * Before hydrating a page the server drew with its data: the same data in the
 * query cache, so the first render draws what the HTML shows.
 */
export function hydratePageData(queryClient: QueryClient): void {
  const element = document.getElementById(PAGE_DATA_ID);
  if (!element?.textContent) return;
  try {
    hydrate(queryClient, JSON.parse(element.textContent));
    // The HTML may have waited in a cache for up to a minute: once the page has hydrated, its queries
    // ask again (a signed-in admin sees an edit at once, decision 045).
    void queryClient.invalidateQueries({ refetchType: 'none' });
  } catch (error) {
    console.warn('The page data could not be read:', error);
  }
}
