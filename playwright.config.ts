import { tmpdir } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './tests/chromium';
import { authEmulatorDefaults } from './server/auth/emulatorDefaults';
import { liveBaseUrl } from './tests/e2e/live/settings';

const port = Number(process.env.E2E_PORT ?? 4173);

/**
 * End-to-end tests drive Debian's Chromium (no browser download is possible here). The flags keep it from
 * reaching for the internet, which this machine does not have.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // In CI one retry tells a flaky test from a broken one in the report; either one fails the run.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  // Whole journeys (the 15-step quiz, then report, checkout and dashboard) take 15-30 s on a busy 2-core machine.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
  // The whole product as `npm start` runs it: build, Firebase Auth Emulator, server with the API. `npm run test:e2e`
  // wraps this in scripts/with-postgres.sh, so the server stores into a throwaway PostgreSQL the tests can query.
  // The emulator is asked for by name, never left to a missing service account (docs/decisions/078-auth-emulator-by-name.md).
  webServer: [
    {
      command: 'node --import tsx scripts/start.ts',
      url: `http://127.0.0.1:${port}/api/health`,
      env: {
        PORT: String(port),
        LOG_LEVEL: 'warn',
        // Every test and worker shares 127.0.0.1: ten times the per-IP budgets, never in production (decision 097).
        RATE_LIMIT_SCALE: '10',
        // Every test mails its leads at a few test domains: the day's caps on replies to leads (decision 188) would
        // hold replies the inbox tests expect to see kept. Their own test is tests/server/mail-abuse.test.ts.
        PROSPECT_REPLIES_PER_DAY: '100000',
        PROSPECT_REPLIES_PER_DOMAIN_PER_DAY: '100000',
        // A staff pause "from the next cycle" is made by the reconciler (decision 181): every 5 s here, not every minute.
        PAYMENT_RECONCILE_INTERVAL_MS: '5000',
        FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? authEmulatorDefaults.host,
        FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? authEmulatorDefaults.projectId,
        DATA_DIR: `${tmpdir()}/growth-e2e-${port}`,
        DIST_DIR: `${tmpdir()}/growth-e2e-${port}/dist`,
      },
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      stdout: 'pipe',
    },
    // Live mode (issue 35), for tests/e2e/live-checkout.spec.ts: a second server on Razorpay keys against the fake
    // Razorpay, with its own database, serving the build above (webServers start in this order, so it is there).
    {
      command: 'node --import tsx tests/e2e/live/liveServer.ts',
      url: `${liveBaseUrl}/api/health`,
      env: {
        LOG_LEVEL: 'warn',
        FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? authEmulatorDefaults.host,
        FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? authEmulatorDefaults.projectId,
      },
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      stdout: 'pipe',
    },
  ],
});
