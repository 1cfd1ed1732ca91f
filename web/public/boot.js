// The pre-rendered pages' loader (decision 047). The page is on screen from
// its HTML alone; the app's code is asked for only once the browser has
// painted it, so downloading and running the code never holds the first
// paint. The build (web/scripts/prerender.mjs) names the entry; until
// main.tsx has hydrated the page, <html> carries data-hydrating. A plain
// script, no module: it runs before any bundle.
(function () {
  var tag = document.currentScript;
  var entry = tag.getAttribute('data-entry');
  var started = false;
  document.documentElement.setAttribute('data-hydrating', '');
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.src = entry;
    document.head.appendChild(script);
  }
  // After the next frame is painted. A tab opened in the background paints
  // no frames: the timer starts it anyway.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 1000);
})();
