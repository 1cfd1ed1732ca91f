/** Debian's Chromium (never a downloaded browser), shared by the browser tests and the bench. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
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
