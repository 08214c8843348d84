/**
 * How every test, bench and script here starts Debian's Chromium (no browser download is possible on these
 * machines). Without the background-networking flags Chromium keeps reaching for the internet, which the machines
 * do not have.
 */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
