import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { purchasesOf, queryDatabase } from './db';
import { answerQuiz, checkout, giveGuestDetails, openCheckout, payButton, uniqueEmail } from './funnels';

/**
 * Purchases end to end on the sandbox gateway (docs/decisions/091), through the real funnels: quiz -> report ->
 * Activate Your Plan, Pricing -> Buy Now as a guest, Create Account with a plan. Each purchase ends on the dashboard
 * with the plan's apps and leaves exactly one paid order and one payment in PostgreSQL. Cancel and a declined payment
 * show their messages and let the buyer pay again. A buyer whose browser closed after paying is fulfilled by the
 * sandbox's webhook and signs in later through Forgot password (docs/decisions/096).
 *
 * The Auth Emulator is shared by every run on this machine: each test uses its own email addresses.
 */

const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-growth';

const apps = {
  'growth-engine': ['Website', 'Brand Design', 'Local SEO & Google Business Profile', 'Paid Ads Management', 'Social Media Management'],
  launchpad: ['Website', 'Brand Design', 'Local SEO & Google Business Profile', 'Social Media Management'],
} as const;

const cancelled = 'Payment was cancelled. Your order was not placed.';
const declined = 'Payment failed: Payment declined by the test bank (Code: BAD_REQUEST_ERROR)';

/** Pays in the sandbox dialog; the page verifies, signs the buyer in and lands on the dashboard. */
async function payAndLand(page: Page, plan: keyof typeof apps) {
  await openCheckout(page);
  await checkout(page).getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expectPlanOnDashboard(page, plan);
}

async function expectPlanOnDashboard(page: Page, plan: keyof typeof apps) {
  const title = plan === 'launchpad' ? 'LaunchPad' : 'Growth Engine';
  await expect(page.getByRole('heading', { name: title, level: 2, exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Your Apps' }).getByRole('heading', { level: 3 })).toHaveText([...apps[plan]]);
}

/** One paid order for the buyer, with one captured payment, fulfilled the way given (src/domain/payment.ts). */
async function expectOnePaidOrder(email: string, plan: string, fulfilledBy: 'verification' | 'webhook') {
  await expect
    .poll(async () => (await purchasesOf(email)).filter((order) => order.status === 'paid' && order.fulfilled_by !== null).length, {
      timeout: 20_000,
    })
    .toBe(1);
  const paid = (await purchasesOf(email)).filter((order) => order.status === 'paid');
  expect(paid).toHaveLength(1);
  expect(paid[0]).toMatchObject({ plan, fulfilled_by: fulfilledBy, payments: 1, captured: 1 });
}

/** The emulator's newest password-reset code for the address, completed through its REST API. */
async function resetPasswordThroughEmulator(email: string, newPassword: string) {
  let oobCode: string | undefined;
  await expect
    .poll(async () => {
      const response = await fetch(`http://${emulatorHost}/emulator/v1/projects/${projectId}/oobCodes`);
      const { oobCodes } = (await response.json()) as { oobCodes: { email: string; requestType: string; oobCode: string }[] };
      oobCode = oobCodes.findLast(
        (code) => code.email.toLowerCase() === email.toLowerCase() && code.requestType === 'PASSWORD_RESET',
      )?.oobCode;
      return oobCode !== undefined;
    })
    .toBe(true);
  const response = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ oobCode, newPassword }),
  });
  expect(response.ok).toBe(true);
}

const resetAnswer = 'If an account exists for that email, we have sent a link to set a new password.';

async function askForResetLink(page: Page, email: string) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('status').filter({ hasText: resetAnswer })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
});

test('quiz -> report -> Activate Your Plan -> pay -> the dashboard shows Growth Engine and its apps', async ({ page }) => {
  const email = uniqueEmail('asha');
  await answerQuiz(page, email);
  await page.getByRole('link', { name: 'Activate Your Plan' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Growth Engine');
  await expect(summary).toContainText(email);
  await expect(summary).toContainText('₹21,500');
  await payAndLand(page, 'growth-engine');
  await expectOnePaidOrder(email, 'growth-engine', 'verification');
});

test('Pricing -> Buy Now as a guest -> details -> pay -> the dashboard', async ({ page }) => {
  const email = uniqueEmail('kiran');
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Buy Now: Growth Engine' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('heading', { name: 'Secure Checkout' })).toBeVisible();
  await giveGuestDetails(page, email);
  await payAndLand(page, 'growth-engine');
  await expectOnePaidOrder(email, 'growth-engine', 'verification');
});

test('a signed-up user with ?plan= -> pay -> the dashboard shows LaunchPad', async ({ page }) => {
  const email = uniqueEmail('meera');
  await page.goto('/signin?view=signup&plan=launchpad');
  await page.getByLabel('Full Name').fill('Meera Shah');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret-123');
  await page.getByRole('button', { name: /Create Account/ }).click();
  await expect(page).toHaveURL(/\/payment/);
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('LaunchPad');
  await payAndLand(page, 'launchpad');
  await expectOnePaidOrder(email, 'launchpad', 'verification');
});

test('Cancel says the order was not placed, and Pay is enabled again', async ({ page }) => {
  const email = uniqueEmail('cancel');
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Buy Now: LaunchPad' }).click();
  await giveGuestDetails(page, email);
  await openCheckout(page);
  await checkout(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(checkout(page)).toBeHidden();
  await expect(page.getByRole('alert')).toHaveText(cancelled);
  await expect(payButton(page)).toBeEnabled();
  await expect(payButton(page)).not.toHaveText(/Processing/);
  // Nothing was paid, nobody was signed in.
  await expect(page).toHaveURL(/\/payment$/);
  const rows = await queryDatabase<{ status: string }>(
    `select o.status from orders o join payments p on p.gateway_order_id = o.gateway_order_id where lower(o.customer_email) = lower($1)`,
    [email],
  );
  expect(rows).toEqual([]);
});

test("a declined payment shows the bank's reason, and Pay is enabled again and can still pay", async ({ page }) => {
  const email = uniqueEmail('declined');
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Buy Now: Growth Engine' }).click();
  await giveGuestDetails(page, email);
  await openCheckout(page);
  await checkout(page).getByRole('button', { name: 'Simulate failure' }).click();
  await expect(page.getByRole('alert')).toHaveText(declined);
  await expect(payButton(page)).toBeEnabled();
  await expect(payButton(page)).not.toHaveText(/Processing/);
  expect((await purchasesOf(email)).filter((order) => order.status === 'paid')).toEqual([]);

  // A retry still pays (created -> failed -> paid).
  await payAndLand(page, 'growth-engine');
  await expectOnePaidOrder(email, 'growth-engine', 'verification');
});

test('the server cannot confirm a taken payment: Pay is not offered again; Check again, once it answers, signs in', async ({ page }) => {
  const email = uniqueEmail('unconfirmed');
  // Verification gets no verdict: rate limited (with Retry-After), as behind a busy carrier's shared address.
  let refusing = true;
  let refused = 0;
  await page.route('**/api/verify-payment', async (route) => {
    if (!refusing) return route.fallback();
    refused += 1;
    await route.fulfill({
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '1' },
      body: JSON.stringify({ error: { code: 'rate_limited', message: 'Too many payment confirmations from this address.' } }),
    });
  });
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Buy Now: LaunchPad' }).click();
  await giveGuestDetails(page, email);
  await openCheckout(page);
  await checkout(page).getByRole('button', { name: 'Pay now' }).click();
  const waiting = page.getByRole('status').filter({ hasText: 'Please do not pay again' });
  await expect(waiting).toBeVisible({ timeout: 20_000 });
  expect(refused).toBe(4); // asked, then again after 1, 2 and 4 s
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  await expectAccessible(page, 'payment: taken, not yet confirmed');
  // A reload keeps the payment and asks again; it is still not confirmed.
  await page.reload();
  await expect(waiting).toBeVisible({ timeout: 20_000 });
  expect(refused).toBe(8);
  // The server answers again: Check again confirms it, and the buyer is signed in to the plan they paid for once.
  refusing = false;
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expectPlanOnDashboard(page, 'launchpad');
  const paid = (await purchasesOf(email)).filter((order) => order.status === 'paid');
  expect(paid).toHaveLength(1);
  expect(paid[0]).toMatchObject({ plan: 'launchpad', payments: 1, captured: 1 });
});

test('browser closed after paying: the webhook fulfils the order, the buyer resets a password and sees the plan', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('closed');
  // Verification never arrives: the page is closed as it would be, and only the gateway's webhook is left.
  // The tab is closed only once its verification was stopped: closing with the request still being routed lets
  // Playwright send it on, and the server would see a verification after all.
  let verificationStopped!: () => void;
  const stopped = new Promise<void>((resolve) => (verificationStopped = resolve));
  await page.route('**/api/verify-payment', async (route) => {
    await route.abort();
    verificationStopped();
  });
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Buy Now: Growth Engine' }).click();
  await giveGuestDetails(page, email);
  await openCheckout(page);
  const paid = page.waitForResponse((response) => /\/api\/sandbox\/checkout\/[^/]+\/pay$/.test(response.url()) && response.ok());
  await checkout(page).getByRole('button', { name: 'Pay now' }).click();
  await paid;
  await stopped;
  await page.close();

  await expectOnePaidOrder(email, 'growth-engine', 'webhook');
  const [order] = await purchasesOf(email);
  expect(order!.account_created).toBe(true);

  // Later, in a fresh tab: Forgot password, the link from the "email", sign in, the plan is there.
  const later = await context.newPage();
  await later.goto('/');
  await later.evaluate(() => localStorage.clear());
  await askForResetLink(later, email);
  await resetPasswordThroughEmulator(email, 'later-secret-1');
  await later.goto('/signin?redirect=/dashboard');
  await later.getByLabel('Email').fill(email);
  await later.getByLabel('Password').fill('later-secret-1');
  await later.getByRole('tabpanel').getByRole('button', { name: 'Sign In' }).click();
  await expect(later).toHaveURL(/\/dashboard$/);
  await expectPlanOnDashboard(later, 'growth-engine');
});

// Hardening round 2, finding 2: the sign-in token goes only to the browser that created the order, so this browser
// must be able to finish when the answer was lost: the server verified the payment, and the tab closed before it heard.
test('the tab closed before its payment was confirmed: back on the site, the same browser finishes and is signed in', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('lost-answer');
  let answered!: () => void;
  const lost = new Promise<void>((resolve) => (answered = resolve));
  await page.route('**/api/verify-payment', async (route) => {
    // The server does the verification; its answer never reaches the tab.
    await route.fetch();
    await route.abort();
    answered();
  });
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Buy Now: Growth Engine' }).click();
  await giveGuestDetails(page, email);
  await openCheckout(page);
  await checkout(page).getByRole('button', { name: 'Pay now' }).click();
  await lost;
  await page.close();
  await expectOnePaidOrder(email, 'growth-engine', 'verification');

  // Later, another tab of the same browser: any page offers to finish, and finishing signs the buyer in.
  const later = await context.newPage();
  await later.goto('/about');
  const notice = later.getByRole('status', { name: 'Payment to finish' });
  await expect(notice).toContainText('Your payment went through.');
  await expectAccessible(later, 'a payment to finish, on another page');
  await notice.getByRole('link', { name: 'Finish setting up' }).click();
  await expect(later).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expectPlanOnDashboard(later, 'growth-engine');
  await expect(notice).toHaveCount(0);
  const paid = (await purchasesOf(email)).filter((order) => order.status === 'paid');
  expect(paid).toHaveLength(1);
});

test('Forgot password answers an unknown address exactly as a known one', async ({ page }) => {
  await askForResetLink(page, uniqueEmail('nobody'));
  await expect(page.getByRole('alert')).toHaveCount(0);
  // An empty Email field: the form asks for the address instead of sending anything.
  await page.getByLabel('Email').fill('');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter your email address above, then choose Forgot password? again.');
});

// Hardening round 3, finding 1: setting a password revokes the tokens issued before it (a credential change); the
// buyer's own session must survive it, on this load and the next. A session the server truly refuses offers Sign in
// again, which leads through the sign-in page back to the dashboard.
test('a buyer who sets a password is still signed in after a reload; an ended session signs in again', async ({ page }) => {
  const email = uniqueEmail('set-password');
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Buy Now: LaunchPad' }).click();
  await giveGuestDetails(page, email);
  await payAndLand(page, 'launchpad');

  // Seconds pass between paying and setting a password, as they do for a person (sign-in times count whole seconds).
  await page.waitForTimeout(1_100);
  const panel = page.getByRole('region', { name: 'Set a password' });
  await panel.getByLabel('New password').fill('my-new-secret-1');
  await panel.getByRole('button', { name: 'Set password' }).click();
  await expect(panel.getByRole('status')).toHaveText('Your password is set. Next time, sign in with your email and this password.');

  await page.reload();
  await expectPlanOnDashboard(page, 'launchpad');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Set a password' })).toHaveCount(0);

  // The server refuses the session (signed out everywhere by staff, say) while this browser still holds it: /api/me
  // answers as server/auth/requireUser.ts does for a revoked token.
  await page.route(
    '**/api/me',
    (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        headers: { 'www-authenticate': 'Bearer realm="growthpath", error="invalid_token"' },
        body: JSON.stringify({ error: { code: 'token_revoked', message: 'Your session has ended. Please sign in again.' } }),
      }),
    { times: 1 },
  );
  await page.reload();
  const problem = page.getByRole('alert').filter({ hasText: 'Your session has ended. Please sign in again.' });
  await expect(problem).toBeVisible();
  await expect(problem.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await problem.getByRole('button', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL(/\/signin\?redirect=(%2F|\/)dashboard$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('my-new-secret-1');
  await page.getByRole('tabpanel').getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectPlanOnDashboard(page, 'launchpad');
});
