import './styles.css';

/**
 * The app's start, in steps with a pause between them (decision 047): the
 * modules of React, of the router, then those of our pages, then making the
 * router, then the first render. Each step is a task of its own, so a
 * phone's main thread is never held long enough to miss a tap, and the
 * browser can paint in between.
 */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function start() {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('The #root element is missing from index.html.');
  const { createRoot, hydrateRoot, startTransition } = await import('./lib/start/react');
  await nextTask();
  await import('./lib/start/router');
  await nextTask();
  const [{ App, createApp, hydrationShape }, { holdQueriesUntilHydrated }, { hydratePageData }] =
    await Promise.all([import('./router'), import('./lib/hydration'), import('./lib/page-data')]);
  await nextTask();
  const parts = createApp();

  if (!rootElement.firstElementChild) {
    createRoot(rootElement).render(<App {...parts} />);
    // Drawn here, not hydrated (a post that does not exist, decision 072): nothing to wait for.
    document.documentElement.removeAttribute('data-hydrating');
    return;
  }
  /*
   * A pre-rendered page (decision 043), loaded by /boot.js after its first
   * paint (decision 047). Its HTML was drawn with no session, and with no
   * data or with the data it carries (decision 072).
   * The first render must draw the same, so the queries the loaders start
   * wait (as if offline) until the page has hydrated, and the session comes
   * from useAuth's server snapshot. The route's code is loaded first
   * (router.load), so nothing suspends while hydrating.
   */
  holdQueriesUntilHydrated(parts.queryClient);
  // A page the API server drew with its data (decision 072) carries that data: the first render draws the same.
  hydratePageData(parts.queryClient);
  // As the router's own SSR hydration does: the tree then has the pre-rendered HTML's shape (no Suspense at the root).
  parts.router.ssr = { manifest: undefined };
  hydrationShape(parts.router);
  await parts.router.load();
  await nextTask();
  /*
   * In a transition, so React hydrates in slices of a few milliseconds.
   * Nothing changes the state meanwhile: the queries wait (offline, above),
   * the session is read after hydration, and a click on a part not yet
   * hydrated is replayed once that part has hydrated.
   */
  startTransition(() => {
    hydrateRoot(rootElement, <App {...parts} />);
  });
}

void start();
