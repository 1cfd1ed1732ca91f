import { existsSync } from 'node:fs';

/** Debian's Chromium (never a downloaded browser), for the benches that load pages as a visitor's browser does. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * The browser tests' Chromium: Debian's headless shell (`apt-get install chromium-headless-shell`, the same
 * Chromium build without the windowed browser around it) when it is there, else Debian's Chromium, or
 * CHROMIUM_PATH. The shell runs the same tests with about a quarter less CPU (decision 136); scripts/test.mjs
 * looks for the same two.
 */
export const testChromiumPath =
  process.env.CHROMIUM_PATH ||
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ||
  '/usr/bin/chromium';

/** This machine has no network: without these flags Chromium's background connections are refused, many at a time. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
