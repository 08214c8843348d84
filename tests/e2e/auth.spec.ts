import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { queryDatabase } from './db';
import { uniqueEmail } from './funnels';

/**
 * Accounts end to end, in Chromium, against the Firebase Auth Emulator that `npm start` runs and the real server:
 * sign-up for a plan, sign-in and out, the error sentences, the dashboard guard, the dashboard with and without a
 * plan (granted here the way the payment component grants it: a database row and a custom claim, server-side), and a
 * hand-edited local storage that grants nothing.
 *
 * The emulator is shared by every run on this machine: each test uses its own email addresses.
 */

const emulatorHost = (process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099');
const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-growth';
const sessionKey = 'firebase:authUser:demo-api-key:[DEFAULT]';

let adminApp: App;
let admin: Auth;

test.beforeAll(async () => {
  adminApp = initializeApp({ projectId }, `e2e-auth-${randomUUID()}`);
  admin = getAuth(adminApp);
  // Behave like a real project: one answer (invalid-credential) for a wrong password and for an unknown email.
  await fetch(`http://${emulatorHost}/emulator/v1/projects/${projectId}/config`, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ emailPrivacyConfig: { enableImprovedEmailPrivacy: true } }),
  });
});

test.afterAll(async () => {
  await deleteApp(adminApp);
});

async function existingUser(name: string, displayName: string) {
  const email = uniqueEmail(name);
  const user = await admin.createUser({ email, password: 'correct-horse', displayName });
  return { uid: user.uid, email, password: 'correct-horse' };
}

/** What the payment component does after a verified payment: the database row and the custom claim. */
async function grantPlan(uid: string, email: string, plan: string, purchasedAt: Date) {
  await queryDatabase(
    `insert into user_profiles (uid, email, display_name, business_name, role, industry, quiz_completed, purchased_plan, purchased_at)
     values ($1, $2, 'Ravi Kumar', 'Kumar Clinic', 'Owner', 'Clinic/Healthcare', true, $3, $4)
     on conflict (uid) do update set purchased_plan = $3, purchased_at = $4, updated_at = now()`,
    [uid, email, plan, purchasedAt],
  );
  await admin.setCustomUserClaims(uid, { plan });
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('tabpanel').getByRole('button', { name: 'Sign In' }).click();
}

const header = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('a first visit loads no sign-in code: the header says Sign in at once', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto('/');
  await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  for (const url of scripts) {
    const source = await (await page.request.get(url)).text();
    expect(source, `${url} carries Firebase`).not.toContain('identitytoolkit');
    expect(source, `${url} carries xstate`).not.toContain('xstate.init');
  }
});

test('creating an account for a plan records the choice and goes on to pay for it (D4)', async ({ page }) => {
  const email = uniqueEmail('meera');
  await page.goto('/signin?view=signup&plan=growth-engine');
  await expect(page.getByRole('tab', { name: 'Create Account' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Chosen plan' })).toContainText('Growth Engine');
  await page.getByLabel('Full Name').fill('Meera Shah');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret-123');
  const submit = page.getByRole('button', { name: /Create Account/ });
  await submit.click();

  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Secure Checkout');
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Growth Engine');
  await expect(summary).toContainText(email);
  const state = await page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr);
  expect(state).toMatchObject({
    plan: 'growth-engine',
    userDetails: { fullName: 'Meera Shah', email, businessName: "Meera Shah's Business" },
  });
  await expect(header(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();

  // The server stored the intention, not an entitlement.
  await expect
    .poll(
      async () => (await queryDatabase('select chosen_plan, purchased_plan, display_name from user_profiles where email = $1', [email]))[0],
    )
    .toEqual({ chosen_plan: 'growth-engine', purchased_plan: null, display_name: 'Meera Shah' });

  // Firebase keeps the session where the header looks for it, so a reload knows at once who this is.
  expect(await page.evaluate((key) => window.localStorage.getItem(key), sessionKey)).toContain(email);
  await page.goto('/about');
  await page.reload();
  await expect(header(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
});

test('a second account with the same email is refused with a clear sentence', async ({ page }) => {
  const { email } = await existingUser('asha', 'Asha Rao');
  await page.goto('/signin?view=signup&plan=launchpad');
  await page.getByLabel('Full Name').fill('Someone Else');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('another-secret');
  await page.getByRole('button', { name: /Create Account/ }).click();
  await expect(page.getByRole('alert')).toHaveText('An account with this email already exists. Sign in instead, or use another email.');
  await expect(page.getByRole('button', { name: /Create Account/ })).toBeEnabled();
  await expect(page).toHaveURL(/\/signin/);
});

test('Create Account without a plan points to pricing', async ({ page }) => {
  await page.goto('/signin?view=signup');
  await expect(page.getByRole('heading', { name: 'A Plan Is Required to Sign Up' })).toBeVisible();
  await page.getByRole('link', { name: /View Pricing Plans/ }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('a wrong password and an unknown email get the same plain sentence', async ({ page }) => {
  const { email } = await existingUser('asha', 'Asha Rao');
  await page.goto('/signin');
  await signIn(page, email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect. Please try again.');
  await expect(page.getByRole('alert')).not.toContainText('Firebase');

  await signIn(page, uniqueEmail('nobody'), 'whatever-123');
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect. Please try again.');
});

test('sign in and out: the header follows, Sign Out goes home', async ({ page }) => {
  const { email, password } = await existingUser('asha', 'Asha Rao');
  await page.goto('/signin');
  await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
  await signIn(page, email, password);
  // No plan on the server: docs/product.md §4 sends the user to pricing.
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(header(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Sign in' })).toHaveCount(0);

  await header(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), sessionKey)).toBeNull();
});

test('the dashboard sends anonymous visitors to sign in and brings them back', async ({ page }) => {
  const { email, password } = await existingUser('asha', 'Asha Rao');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin\?redirect=\/dashboard$/);
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Asha');
});

test('the dashboard without a plan offers to activate one', async ({ page }) => {
  const { email, password } = await existingUser('asha', 'Asha Rao');
  await page.goto('/signin?redirect=/dashboard');
  await signIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Activate Your Growth Plan' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your Apps' })).toHaveCount(0);
  await page.getByRole('link', { name: 'View Pricing Plans' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('the dashboard with a plan shows every part', async ({ page }) => {
  const email = uniqueEmail('ravi');
  // A buyer created at payment: no password until they set one (D13).
  const buyer = await admin.createUser({ email, displayName: 'Ravi Kumar' });
  await grantPlan(buyer.uid, email, 'growth-engine', new Date(Date.now() - 40 * 24 * 60 * 60 * 1000));
  // The payment flow signs the buyer in with a custom token; here a password stands in for that step.
  await admin.updateUser(buyer.uid, { password: 'correct-horse' });

  await page.goto('/signin?redirect=/dashboard');
  await signIn(page, email, 'correct-horse');
  await expect(page).toHaveURL(/\/dashboard$/);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ravi');
  await expect(page.getByText('Kumar Clinic · client dashboard')).toBeVisible();
  await expect(page.getByRole('link', { name: /Contact Support/ })).toHaveAttribute('href', '/contact');
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar.getByRole('link')).toHaveText(['Dashboard', 'Help Center']);
  await expect(sidebar.getByRole('button', { name: 'Sign Out' })).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Growth Engine', level: 2, exact: true })).toBeVisible();
  const results = page.getByRole('region', { name: /Results/ });
  await expect(results.getByText('Sample figures')).toBeVisible();
  await expect(results.getByRole('term')).toHaveText(['Leads generated', 'Conversion rate', 'Website traffic', 'Ad spend']);
  const timeline = page.getByRole('region', { name: 'Project timeline' });
  await expect(timeline.getByRole('heading', { level: 3 })).toHaveCount(5);
  await expect(timeline.getByText('In Progress', { exact: true })).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Your Apps' }).getByRole('heading', { level: 3 })).toHaveText([
    'Website',
    'Brand Design',
    'Local SEO & Google Business Profile',
    'Paid Ads Management',
    'Social Media Management',
  ]);
  await expect(page.getByRole('region', { name: 'Set a password' })).toHaveCount(0);

  // The sidebar collapses to icons and keeps its names.
  await sidebar.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(sidebar.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
  await expect(sidebar.getByRole('link', { name: 'Help Center' })).toBeVisible();

  // Start Setup opens the quiz (D12).
  await page.getByRole('button', { name: /Start Setup/ }).click();
  await expect(page).toHaveURL(/\/get-started$/);
});

test('local storage edited by hand to claim a plan grants nothing', async ({ page }) => {
  const { uid, email, password } = await existingUser('mallory', 'Mallory Iyer');
  await page.goto('/signin?redirect=/dashboard');
  await signIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Activate Your Growth Plan' })).toBeVisible();

  await page.evaluate((key) => {
    window.localStorage.setItem(key, JSON.stringify({ displayName: 'Mallory Iyer', purchasedPlan: 'scale-up', quizCompleted: true }));
  }, `growth.user.${uid}`);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Activate Your Growth Plan' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Scale Up' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Your Apps' })).toHaveCount(0);

  // The server's answer also rewrote the cache.
  expect(await page.evaluate((key) => JSON.parse(window.localStorage.getItem(key)!), `growth.user.${uid}`)).toMatchObject({
    purchasedPlan: null,
  });

  // Sign-in rules follow the server too: no plan means pricing, not the dashboard the cache would allow.
  await page.evaluate((key) => {
    window.localStorage.setItem(key, JSON.stringify({ displayName: 'Mallory Iyer', purchasedPlan: 'scale-up', quizCompleted: true }));
  }, `growth.user.${uid}`);
  await page.goto('/signin');
  await expect(page).toHaveURL(/\/pricing$/);

  // And the API itself says so.
  const token = await page.evaluate(async (key) => {
    const stored = JSON.parse(window.localStorage.getItem(key)!) as { stsTokenManager: { accessToken: string } };
    return stored.stsTokenManager.accessToken;
  }, sessionKey);
  const me = await page.request.get('/api/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(await me.json()).toMatchObject({ uid, purchasedPlan: null });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the header menu holds the account controls and the dashboard fits the screen', async ({ page }) => {
    const { email, password } = await existingUser('asha', 'Asha Rao');
    await page.goto('/signin?redirect=/dashboard');
    await signIn(page, email, password);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Asha');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(header(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await header(page).getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
