// Debian's Chromium with the flags this machine needs (docs/testing.md#browser-tests): one list
// for the browser tests and the benchmarks.
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
