/** Debian's chromium, which the browser tests and the page-speed benchmark both drive headless. */
export const chromiumPath = '/usr/bin/chromium';

/** Headless, sandbox-free (CI runs as root) and quiet: no updates, sync or background traffic. */
export const chromiumFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
