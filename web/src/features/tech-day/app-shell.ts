/**
 * The installed app's offline shell (issue 30, decision 098): /tech registers
 * its service worker (web/public/tech-sw.js), scoped to /tech, and hands it
 * the files this page has loaded so far, so that a reload without signal
 * finds all of them. Nothing else on the site registers one.
 */
export function registerTechApp(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const loaded = () =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.startsWith(location.origin) && !name.includes('/api/'));
  navigator.serviceWorker
    .register('/tech-sw.js', { scope: '/tech' })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => registration.active?.postMessage({ type: 'keep', urls: loaded() }))
    .catch(() => {
      // No worker (private mode, an old browser): /tech works as before, online.
    });
}
