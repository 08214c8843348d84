import { tmpdir } from 'node:os';

/**
 * The live-mode end-to-end setup (issue 35): a second server on Razorpay keys, talking to the fake Razorpay
 * (tests/server/fakeRazorpay.ts) instead of api.razorpay.com, and the browser loading a stand-in for Razorpay's
 * checkout.js (checkoutStandIn.ts). Read by playwright.config.ts (its second webServer), by liveServer.ts, which
 * starts it all, and by tests/e2e/live-checkout.spec.ts.
 */

/** The sandbox server's port (playwright.config.ts): the live server takes the next two. */
const sitePort = Number(process.env.E2E_PORT ?? 4173);

/** The server in live mode. */
export const livePort = Number(process.env.E2E_LIVE_PORT ?? sitePort + 1);
export const liveBaseUrl = `http://127.0.0.1:${livePort}`;

/**
 * The fake Razorpay's checkout side: what the stand-in checkout.js asks for (through the spec's route of
 * https://api.razorpay.com/e2e-checkout/*), as Razorpay's hosted checkout talks to Razorpay. The fake's REST API itself
 * listens on a port of its own choosing, known only to the live server.
 */
export const checkoutControlPort = livePort + 1;
export const checkoutControlUrl = `http://127.0.0.1:${checkoutControlPort}`;
/** Where the stand-in sends its calls from the page: a host the live CSP's connect-src allows, routed by the spec. */
export const standInApi = 'https://api.razorpay.com/e2e-checkout';

/** Test keys of an account that exists only in the fake. */
export const liveKeys = {
  keyId: 'rzp_test_E2eLiveCheckout',
  keySecret: 'e2e_live_checkout_key_secret',
  webhookSecret: 'e2e_live_checkout_webhook_secret',
} as const;

/** Its own embedded data (PGlite, when no PostgreSQL is given) and the sandbox server's build, served as it is. */
export const liveDataDir = `${tmpdir()}/growth-e2e-${livePort}`;
/** The first webServer's DIST_DIR in playwright.config.ts: built there before this server starts. */
export const siteDistDir = `${tmpdir()}/growth-e2e-${sitePort}/dist`;

/**
 * Under `npm run test:e2e` (scripts/with-postgres.sh) the live server gets a database of its own in the throwaway
 * PostgreSQL: the sandbox server's reconcilers must never see its rows, nor it theirs. Undefined without one.
 */
export function liveDatabaseUrl(testDatabaseUrl = process.env.TEST_DATABASE_URL): string | undefined {
  if (!testDatabaseUrl) return undefined;
  const url = new URL(testDatabaseUrl);
  url.pathname = `/growth_e2e_live_${livePort}`;
  return url.toString();
}
