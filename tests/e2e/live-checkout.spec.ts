import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { RAZORPAY_SCRIPT } from '../../src/lib/checkoutWidget';
import { formatBillingDate, periodEnd } from '../../src/domain/billing';
import { paidOnceBefore } from './db';
import { account, giveGuestDetails, payButton, signInAt, uidOf, uniqueEmail } from './funnels';
import { checkoutStandInScript, type RecordedCheckout } from './live/checkoutStandIn';
import { checkoutControlUrl, liveBaseUrl, liveDatabaseUrl, liveKeys, standInApi } from './live/settings';

/**
 * The live checkout in the browser (issue 35): the server on Razorpay keys against the fake Razorpay, the page loading
 * checkout.js, here a stand-in served by route (tests/e2e/live/checkoutStandIn.ts) whose calls to Razorpay reach the
 * fake's checkout side (tests/e2e/live/liveServer.ts, started by playwright.config.ts's second webServer). A monthly
 * plan opens with `subscription_id` and no order or amount; paying charges the subscription's first invoice at the fake
 * and the page verifies and lands on the dashboard; closing, a declined card and a script that does not load each
 * say so and leave Pay working.
 *
 * The Auth Emulator is shared by every run on this machine: each test uses its own email addresses.
 */

test.use({ baseURL: liveBaseUrl });

const standIn = (page: Page) => page.getByRole('dialog', { name: 'Razorpay Checkout (stand-in)' });
const launchpadApps = ['Website', 'Brand Design', 'Local SEO & Google Business Profile', 'Social Media Management'];

const cancelled = 'Payment was cancelled. Your order was not placed.';
const declined = 'Payment failed: Payment processing failed due to error at bank or wallet gateway (Code: BAD_REQUEST_ERROR)';
const notLoaded = 'Payment failed: The payment window could not be loaded. Check your connection. (Code: CHECKOUT_UNAVAILABLE)';

interface FakeState {
  subscription: { id: string; status: string; paid_count: number; notes: Record<string, string> | [] };
  invoices: Array<{ amount: number; status: string; line_items: Array<{ type: string; amount: number }> }>;
  payments: Array<{ id: string; amount: number; status: string; email: string | null }>;
}

/** What the fake Razorpay holds for a subscription: the subscription, its invoices and their payments. */
async function atTheFake(subscriptionId: string): Promise<FakeState> {
  const response = await fetch(`${checkoutControlUrl}/e2e/subscriptions/${encodeURIComponent(subscriptionId)}`);
  expect(response.ok).toBe(true);
  return (await response.json()) as FakeState;
}

/** Reads what the live server stored, in its own database (tests/e2e/live/settings.ts). */
async function queryLiveDatabase<T extends pg.QueryResultRow>(sql: string, params: unknown[]): Promise<T[]> {
  const url = liveDatabaseUrl();
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the end-to-end tests with `npm run test:e2e`');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

const ordersOf = (email: string) =>
  queryLiveDatabase<{
    plan: string;
    status: string;
    mode: string;
    amount_paise: number;
    fulfilled_by: string | null;
    subscription_id: string | null;
  }>(
    'select plan, status, mode, amount_paise, fulfilled_by, subscription_id from orders where lower(customer_email) = lower($1) order by created_at',
    [email],
  );

/** The options of every `new Razorpay(...)` the page made, as the stand-in recorded them. */
const recordedCheckouts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __razorpayOptions?: RecordedCheckout[] }).__razorpayOptions ?? []);

/** Pricing -> Buy Now: LaunchPad as a guest -> details -> Pay: the stand-in opens, showing what the fake will charge. */
async function openLiveCheckout(page: Page, email: string) {
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Buy Now: LaunchPad' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await giveGuestDetails(page, email);
  await expect(page.getByRole('heading', { name: 'Secure Checkout' })).toBeVisible();
  await expect(payButton(page)).toBeEnabled();
  await payButton(page).click();
  await expect(standIn(page)).toContainText('₹12,500 due today');
}

async function expectPayAgain(page: Page) {
  await expect(payButton(page)).toBeEnabled();
  await expect(payButton(page)).toHaveText('Pay ₹12,500');
  await expect(page).toHaveURL(/\/payment$/);
}

async function expectLaunchPadDashboard(page: Page) {
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'LaunchPad', level: 2, exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Your Apps' }).getByRole('heading', { level: 3 })).toHaveText(launchpadApps);
}

let scriptLoads = 0;

test.beforeAll(async () => {
  // A server reused on this port must be the live one, or every step below would test the sandbox instead.
  const health = (await (await fetch(`${liveBaseUrl}/api/health`)).json()) as { payments?: string };
  expect(health.payments, `the server at ${liveBaseUrl} is not in live mode`).toBe('live');
});

test.beforeEach(async ({ page }) => {
  scriptLoads = 0;
  await page.route(RAZORPAY_SCRIPT, async (route) => {
    scriptLoads += 1;
    await route.fulfill({ contentType: 'application/javascript', body: checkoutStandInScript(standInApi) });
  });
  // The stand-in's calls to Razorpay (allowed by the live CSP's connect-src), handed to the fake's checkout side.
  await page.route(`${standInApi}/**`, async (route) => {
    const request = route.request();
    const answer = await fetch(`${checkoutControlUrl}${new URL(request.url()).pathname}`, {
      method: request.method(),
      body: request.method() === 'GET' ? undefined : (request.postData() ?? ''),
    });
    await route.fulfill({
      status: answer.status,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: await answer.text(),
    });
  });
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
});

test('Buy Now as a guest -> Razorpay checkout with the subscription -> pay -> verified, the dashboard shows LaunchPad', async ({
  page,
}) => {
  const email = uniqueEmail('live');
  await openLiveCheckout(page, email);
  expect(scriptLoads).toBe(1);
  await expect(payButton(page)).toHaveText(/Processing/);

  // A monthly plan's options: the subscription, never an order or an amount (reference §4.1).
  const [opened, ...more] = await recordedCheckouts(page);
  expect(more).toEqual([]);
  expect(opened!.keys).not.toContain('order_id');
  expect(opened!.keys).not.toContain('amount');
  expect(opened!.options).toEqual({
    key: liveKeys.keyId,
    subscription_id: expect.stringMatching(/^sub_/),
    currency: 'INR',
    name: 'GrowthPath',
    description: 'Payment for LaunchPad Plan: ₹12,500 today, then ₹2,500 every month',
    prefill: { name: 'Kiran Patel', email, contact: '9876543210' },
    theme: { color: expect.any(String) },
    handler: 'function',
    modal: { ondismiss: 'function' },
  });
  const subscriptionId = (opened!.options as { subscription_id: string }).subscription_id;
  expect((await atTheFake(subscriptionId)).subscription).toMatchObject({ status: 'created', paid_count: 0 });

  await standIn(page).getByRole('button', { name: 'Pay now' }).click();
  await expect(standIn(page)).toBeHidden();
  await expectLaunchPadDashboard(page);

  // The fake took the first charge: setup fee and first month in one invoice, paid by one captured payment.
  const fake = await atTheFake(subscriptionId);
  expect(fake.subscription).toMatchObject({ status: 'active', paid_count: 1 });
  expect(fake.invoices).toHaveLength(1);
  expect(fake.invoices[0]).toMatchObject({ amount: 1_250_000, status: 'paid' });
  expect(fake.invoices[0]!.line_items.map(({ type, amount }) => ({ type, amount })).sort((a, b) => a.amount - b.amount)).toEqual([
    { type: 'plan', amount: 250_000 },
    { type: 'addon', amount: 1_000_000 },
  ]);
  expect(fake.payments).toEqual([expect.objectContaining({ amount: 1_250_000, status: 'captured', email })]);

  // And the live server fulfilled it by the browser's verification: one paid order, on the subscription.
  expect(await ordersOf(email)).toEqual([
    {
      plan: 'launchpad',
      status: 'paid',
      mode: 'live',
      amount_paise: 1_250_000,
      fulfilled_by: 'verification',
      subscription_id: subscriptionId,
    },
  ]);
  const [stored] = await queryLiveDatabase<{ status: string; paid_count: number; customer_uid: string | null }>(
    'select status, paid_count, customer_uid from subscriptions where gateway_subscription_id = $1',
    [subscriptionId],
  );
  expect(stored).toMatchObject({ status: 'active', paid_count: 1, customer_uid: expect.any(String) });
});

test("closing Razorpay's window calls ondismiss: the order was not placed, and Pay is enabled again", async ({ page }) => {
  const email = uniqueEmail('live-dismiss');
  await openLiveCheckout(page, email);
  await standIn(page).getByRole('button', { name: 'Close' }).click();
  await expect(standIn(page)).toBeHidden();
  await expect(page.getByRole('alert')).toHaveText(cancelled);
  await expectPayAgain(page);

  const [opened] = await recordedCheckouts(page);
  const fake = await atTheFake((opened!.options as { subscription_id: string }).subscription_id);
  expect(fake.subscription).toMatchObject({ status: 'created', paid_count: 0 });
  expect(fake.payments).toEqual([]);
  expect(await ordersOf(email)).toEqual([]);
});

test("payment.failed shows the bank's reason, the page closes the window, and Pay still pays", async ({ page }) => {
  const email = uniqueEmail('live-declined');
  await openLiveCheckout(page, email);
  await standIn(page).getByRole('button', { name: 'Simulate failure' }).click();
  await expect(page.getByRole('alert')).toHaveText(declined);
  // Razorpay leaves its window open after a failure; the page closes it, since it shows the failure itself.
  await expect(standIn(page)).toBeHidden();
  await expectPayAgain(page);
  const [first] = await recordedCheckouts(page);
  const declinedAt = await atTheFake((first!.options as { subscription_id: string }).subscription_id);
  expect(declinedAt.subscription).toMatchObject({ status: 'created', paid_count: 0 });
  expect(declinedAt.payments).toEqual([expect.objectContaining({ status: 'failed' })]);

  // Pay again: the checkout opens anew and this time pays.
  await payButton(page).click();
  await expect(standIn(page)).toContainText('₹12,500 due today');
  await standIn(page).getByRole('button', { name: 'Pay now' }).click();
  await expectLaunchPadDashboard(page);
  const checkouts = await recordedCheckouts(page);
  expect(checkouts).toHaveLength(2);
  const paid = (await ordersOf(email)).filter((order) => order.status === 'paid');
  expect(paid).toEqual([
    expect.objectContaining({
      plan: 'launchpad',
      fulfilled_by: 'verification',
      subscription_id: (checkouts[1]!.options as { subscription_id: string }).subscription_id,
    }),
  ]);
});

test('checkout.js does not load: the page says so, and the next Pay loads it and opens the window', async ({ page }) => {
  let refused = 0;
  await page.route(RAZORPAY_SCRIPT, async (route) => {
    if (refused > 0) return route.fallback();
    refused += 1;
    await route.abort('internetdisconnected');
  });
  const email = uniqueEmail('live-noscript');
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Buy Now: LaunchPad' }).click();
  await giveGuestDetails(page, email);
  await expect(payButton(page)).toBeEnabled();
  await payButton(page).click();
  await expect(page.getByRole('alert')).toHaveText(notLoaded);
  expect(refused).toBe(1);
  await expectPayAgain(page);
  await expect(standIn(page)).toHaveCount(0);

  // A failed load is tried again on the next Pay.
  await payButton(page).click();
  await expect(standIn(page)).toContainText('₹12,500 due today');
  expect(scriptLoads).toBe(1);
  await standIn(page).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('alert')).toHaveText(cancelled);
  await expectPayAgain(page);
});

test("a client who paid once authorises their monthly payment in Razorpay's window from the dashboard: closed first, then paid", async ({
  page,
}) => {
  const email = await account('live-paid-once', { staff: false });
  await signInAt(page, '/dashboard', email);
  const paidAt = new Date();
  await paidOnceBefore(queryLiveDatabase, { uid: await uidOf(email), email, paidAt, mode: 'live' });
  const until = formatBillingDate(periodEnd(paidAt));
  const billing = page.getByRole('region', { name: 'Billing' });
  await page.reload();
  await billing.getByRole('button', { name: 'Start monthly payment' }).click();
  await billing.getByRole('button', { name: 'Authorise my card' }).click();
  await expect(standIn(page)).toContainText('₹5 due today');

  // The subscription, never an amount; Razorpay's window says what it is for.
  const [opened] = await recordedCheckouts(page);
  expect(opened!.keys).not.toContain('amount');
  expect(opened!.options).toMatchObject({
    key: liveKeys.keyId,
    subscription_id: expect.stringMatching(/^sub_/),
    description: 'Authorise your monthly payment',
  });
  const subscriptionId = (opened!.options as { subscription_id: string }).subscription_id;
  expect((await atTheFake(subscriptionId)).subscription).toMatchObject({
    status: 'created',
    start_at: Math.floor(periodEnd(paidAt).getTime() / 1000),
  });

  await standIn(page).getByRole('button', { name: 'Close' }).click();
  await expect(billing.getByRole('alert')).toHaveText('Your monthly payment was not set up.');
  await billing.getByRole('button', { name: 'Authorise my card' }).click();
  await standIn(page).getByRole('button', { name: 'Pay now' }).click();
  await expect(billing.getByRole('status')).toContainText(`Your monthly payment is set up. ₹2,500 will be charged on ${until}`);
  await expect(billing).toContainText(`Next charge₹2,500 on ${until}`);

  // The same subscription both times; authorised at the fake with nothing charged, and stored as such.
  expect((await recordedCheckouts(page)).map((checkout) => (checkout.options as { subscription_id: string }).subscription_id)).toEqual([
    subscriptionId,
    subscriptionId,
  ]);
  const fake = await atTheFake(subscriptionId);
  expect(fake.subscription).toMatchObject({ status: 'authenticated', paid_count: 0 });
  expect(fake.invoices).toEqual([]);
  const [stored] = await queryLiveDatabase<{ status: string; setup_paise: number; mode: string }>(
    'select status, setup_paise, mode from subscriptions where gateway_subscription_id = $1',
    [subscriptionId],
  );
  expect(stored).toEqual({ status: 'authenticated', setup_paise: 0, mode: 'live' });
});
