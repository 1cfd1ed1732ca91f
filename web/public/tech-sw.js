/*
 * The technician's installed app, /tech only (issue 30, decision 098): with no
 * signal, reloading /tech still opens the app; the day itself comes from what
 * the page keeps in localStorage (decision 079), never from here.
 *
 * - Registered by the /tech route with scope /tech: it controls no other page.
 * - The /tech page (its HTML shell): network first, the last copy when offline.
 * - The app's files: /assets/* (hashed, never changed under a name) from the
 *   copy first; the few root files it loads from the network first.
 * - Never the API (/api/*), nothing of another origin, nothing but GET.
 */
const CACHE = 'tech-app-v1';
const SHELL = '/tech';

const isAppFile = (url) =>
  url.origin === self.location.origin &&
  !url.pathname.startsWith('/api/') &&
  !url.pathname.startsWith('/_local/') &&
  (url.pathname.startsWith('/assets/') ||
    /^\/[\w.-]+\.(js|css|svg|png|webmanifest|woff2?)$/.test(url.pathname));

/** The files a page names in its HTML (scripts, stylesheets, preloads). */
const filesOf = (html) =>
  [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)]
    .map((match) => new URL(match[1], self.location.origin))
    .filter(isAppFile)
    .map((url) => url.pathname);

async function keepShell(response) {
  const cache = await caches.open(CACHE);
  await cache.put(SHELL, response.clone());
  const files = filesOf(await response.clone().text());
  await Promise.all(
    files.map((file) => cache.match(file).then((hit) => hit || cache.add(file).catch(() => {}))),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    fetch(SHELL, { credentials: 'same-origin' })
      .then((response) => (response.ok ? keepShell(response) : undefined))
      .catch(() => {})
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((n) => n.startsWith('tech-app-') && n !== CACHE).map((n) => caches.delete(n)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** The page tells which files it loaded before this worker took over (its lazy chunks among them). */
self.addEventListener('message', (event) => {
  const urls =
    event.data && event.data.type === 'keep' && Array.isArray(event.data.urls) ? event.data.urls : [];
  const files = urls
    .map((u) => new URL(u, self.location.origin))
    .filter(isAppFile)
    .map((url) => url.pathname);
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        Promise.all(
          files.map((file) => cache.match(file).then((hit) => hit || cache.add(file).catch(() => {}))),
        ),
      ),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (request.mode === 'navigate') {
    if (url.origin !== self.location.origin || url.pathname !== SHELL) return;
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) event.waitUntil(keepShell(response.clone()));
          return response;
        })
        .catch(() => caches.match(SHELL).then((hit) => hit || Response.error())),
    );
    return;
  }
  if (!isAppFile(url)) return;
  const keep = (response) => {
    if (response.ok) {
      const copy = response.clone();
      event.waitUntil(caches.open(CACHE).then((cache) => cache.put(url.pathname, copy)));
    }
    return response;
  };
  // Hashed files never change under their name: the copy first. The few root files may: the network first.
  event.respondWith(
    url.pathname.startsWith('/assets/')
      ? caches.match(url.pathname).then((hit) => hit || fetch(request).then(keep))
      : fetch(request)
          .then(keep)
          .catch(() => caches.match(url.pathname).then((hit) => hit || Response.error())),
  );
});
