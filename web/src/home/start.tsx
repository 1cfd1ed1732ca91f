/**
 * The pre-rendered home page's start (decision 048): React, then the page's
 * own parts, then hydration, each a task of its own as in main.tsx
 * (decision 047). No router: the home page is the one most visitors land
 * on, and TanStack Router is about 30 KB gzipped of code it does not need
 * there. /boot.js loads this file after the first paint. The stylesheet is
 * the one every page links (web/scripts/prerender.mjs).
 */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function start() {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('The #root element is missing from index.html.');
  const { hydrateRoot, startTransition } = await import('../lib/start/react');
  await nextTask();
  const [{ HomeApp }, { createQueryClient }, { holdQueriesUntilHydrated }] = await Promise.all([
    import('./HomeApp'),
    import('../lib/query-client'),
    import('../lib/hydration'),
  ]);
  await nextTask();
  const queryClient = createQueryClient();
  holdQueriesUntilHydrated(queryClient);
  const { pathname, search, hash } = window.location;
  startTransition(() => {
    hydrateRoot(rootElement, <HomeApp queryClient={queryClient} href={`${pathname}${search}${hash}`} />);
  });
}

void start();
