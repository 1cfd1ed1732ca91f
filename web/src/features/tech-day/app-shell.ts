/**
 * The installed app's offline shell (issue 30, decision 098): /tech registers
 * its service worker (web/public/tech-sw.js), scoped to /tech, and hands it
 * the files this page has loaded so far, so that a reload without signal
 * finds all of them. Nothing else on the site registers one.
 */
export function registerTechApp(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const appFiles = (names: string[]) =>
    names.filter((name) => name.startsWith(location.origin) && !name.includes('/api/'));
  const loaded = () => appFiles(performance.getEntriesByType('resource').map((entry) => entry.name));
  navigator.serviceWorker
    .register('/tech-sw.js', { scope: '/tech' })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const keep = (urls: string[]) => {
        if (urls.length > 0) registration.active?.postMessage({ type: 'keep', urls });
      };
      keep(loaded());
      // A lazy chunk fetched before the worker controls this page would pass it by: each one is handed over too.
      if (typeof PerformanceObserver === 'undefined') return;
      new PerformanceObserver((list) => keep(appFiles(list.getEntries().map((entry) => entry.name)))).observe(
        {
          type: 'resource',
        },
      );
    })
    .catch(() => {
      // No worker (private mode, an old browser): /tech works as before, online.
    });
}
