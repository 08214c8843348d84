import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatBillingDate, periodEnd } from '../../src/domain/billing';
import { paidOnceBefore, queryDatabase } from './db';
import { account, checkout, giveGuestDetails, openCheckout, signInAt, uidOf, uniqueEmail } from './funnels';

/**
 * Monthly billing as a client lives it (docs/decisions/180-monthly-billing.md), on the sandbox gateway whose clock the
 * test moves forward: buy, see the next charge, a month passes and the invoice and its receipt appear, a charge
 * fails and the banner offers a card change, then cancelling outside and inside the 15-day notice; an account manager
 * pauses a third client from the next cycle and resumes them; a client who paid once before monthly billing starts
 * their monthly payment (decision 182). The journeys share the sandbox's one clock, so they run one after the other.
 */

test.describe.configure({ mode: 'serial' });

const HOUR = 60 * 60_000;
const shots = process.env.BILLING_SCREENSHOTS;

interface StoredSubscription {
  id: string;
  paid_through: Date;
  status: string;
}

async function subscriptionOf(email: string): Promise<StoredSubscription> {
  const [row] = await queryDatabase<StoredSubscription>(
    `select gateway_subscription_id as id, paid_through, status from subscriptions where lower(customer_email) = lower($1) order by created_at desc limit 1`,
    [email],
  );
  if (!row) throw new Error(`no subscription for ${email}`);
  return row;
}

/** The sandbox's clock: real time plus the offset the advances have added. */
async function sandboxNow(): Promise<number> {
  const [row] = await queryDatabase<{ offset: string }>(
    `select entity->>'offsetMs' as offset from sandbox_entities where id = 'sandbox_clock'`,
  );
  return Date.now() + Number(row?.offset ?? 0);
}

/** Moves the sandbox's clock to `hoursBefore` hours before `date` (negative: after it). */
async function advanceTo(request: APIRequestContext, date: Date, hoursBefore: number) {
  const hours = Math.ceil((date.getTime() - (await sandboxNow())) / HOUR) - hoursBefore;
  expect(hours).toBeGreaterThan(0);
  const response = await request.post('/api/sandbox/billing/advance', { data: { hours } });
  expect(response.ok()).toBe(true);
}

async function buy(page: Page, plan: 'LaunchPad' | 'Growth Engine', email: string) {
  await page.goto('/pricing');
  await page.getByRole('link', { name: `Buy Now: ${plan}` }).click();
  await giveGuestDetails(page, email);
  await openCheckout(page);
  await checkout(page).getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
}

const billing = (page: Page) => page.getByRole('region', { name: 'Billing' });

/** Reloads until the Billing section says `text`: the sandbox's events are processed just after the clock moves. */
async function expectBillingToSay(page: Page, text: string | RegExp) {
  await expect(async () => {
    await page.reload();
    await expect(billing(page)).toContainText(text, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

async function screenshot(page: Page, name: string) {
  if (!shots) return;
  await billing(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/${name}-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await billing(page).scrollIntoViewIfNeeded();
  await expect(billing(page)).toBeInViewport();
  await page.screenshot({ path: `${shots}/${name}-phone.png` });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
});

test('a monthly client: renewal and receipt, a failed charge and the card change, cancelled 20 days before billing', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('monthly');
  await buy(page, 'LaunchPad', email);
  const first = await subscriptionOf(email);
  await expect(billing(page)).toContainText(`Next charge₹2,500 on ${formatBillingDate(first.paid_through)}`);
  await expect(billing(page).getByRole('row')).toHaveCount(2);
  await screenshot(page, 'billing-bought');

  // A month passes: the renewal is charged, its invoice appears, and its receipt downloads as a PDF.
  await advanceTo(request, first.paid_through, -1);
  await expectBillingToSay(page, '₹2,500Paid');
  await expect(billing(page).getByRole('row')).toHaveCount(3);
  const renewed = await subscriptionOf(email);
  expect(renewed.paid_through.getTime()).toBeGreaterThan(first.paid_through.getTime());
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    billing(page)
      .getByRole('button', { name: /Download the receipt/ })
      .first()
      .click(),
  ]);
  const file = await download.path();
  expect(download.suggestedFilename()).toMatch(/^GrowthPath-receipt-inv_\w+\.pdf$/);
  const text = execFileSync('pdftotext', [file, '-']).toString();
  expect(text).toContain('GrowthPath Digital Services');
  expect(text).toContain('Total paid');
  expect(text).toContain(email);

  // The next charge fails: the plan stays, the banner asks for a new card, and the card change pays it.
  const failed = await request.post(`/api/sandbox/billing/subscriptions/${renewed.id}/fail-next-charges`, { data: { charges: 1 } });
  expect(failed.ok()).toBe(true);
  await advanceTo(request, renewed.paid_through, -1);
  await expectBillingToSay(page, 'Your last payment did not go through.');
  await expect(page.getByRole('heading', { name: 'LaunchPad', level: 2, exact: true })).toBeVisible();
  await screenshot(page, 'billing-payment-failed');
  await billing(page).getByRole('button', { name: 'Update payment method' }).click();
  await expect(billing(page).getByRole('status')).toContainText('your payment method is updated');
  await expect(billing(page)).not.toContainText('Your last payment did not go through.');

  // 20 days before the next billing date: cancelled at the end of the period, nothing more charged.
  const current = await subscriptionOf(email);
  await advanceTo(request, current.paid_through, 20 * 24);
  await page.reload();
  await billing(page).getByRole('button', { name: 'Cancel plan' }).click();
  const endsOn = formatBillingDate(current.paid_through);
  await expect(billing(page).getByRole('group', { name: 'Cancel your plan?' })).toContainText(
    `Nothing more will be charged. Your plan stays active until ${endsOn}`,
  );
  await screenshot(page, 'billing-cancel-confirm');
  await billing(page).getByRole('button', { name: 'Yes, cancel my plan' }).click();
  await expect(billing(page).getByRole('status')).toContainText(`your service stays active until ${endsOn}`);
  await expect(billing(page)).toContainText(`Service ends${endsOn}`);
  await screenshot(page, 'billing-cancelled');

  // The period ends: no charge, and the plan with it.
  const invoicesBefore = await queryDatabase(`select 1 from subscription_invoices where gateway_subscription_id = $1`, [current.id]);
  await advanceTo(request, current.paid_through, -1);
  await expectBillingToSay(page, 'Ended');
  await expect(page.getByRole('heading', { name: 'LaunchPad', level: 2, exact: true })).toBeHidden();
  expect(await queryDatabase(`select 1 from subscription_invoices where gateway_subscription_id = $1`, [current.id])).toHaveLength(
    invoicesBefore.length,
  );
  expect((await subscriptionOf(email)).status).toBe('cancelled');
});

test('a client who cancels 5 days before billing is charged once more, then the plan ends', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('late-cancel');
  await buy(page, 'Growth Engine', email);
  const first = await subscriptionOf(email);
  await advanceTo(request, first.paid_through, 5 * 24);
  await page.reload();
  await billing(page).getByRole('button', { name: 'Cancel plan' }).click();
  const charged = formatBillingDate(first.paid_through);
  await expect(billing(page).getByRole('group', { name: 'Cancel your plan?' })).toContainText(
    `Your next billing date is less than 15 days away, so the charge of ₹4,500 on ${charged} will still be taken.`,
  );
  await screenshot(page, 'billing-late-cancel-confirm');
  await billing(page).getByRole('button', { name: 'Yes, cancel my plan' }).click();
  await expect(billing(page).getByRole('status')).toContainText(`The charge on ${charged} will still be taken`);

  // The promised charge is taken, then nothing more.
  await advanceTo(request, first.paid_through, -1);
  await expectBillingToSay(page, '₹4,500Paid');
  const last = await subscriptionOf(email);
  await advanceTo(request, last.paid_through, -1);
  await expectBillingToSay(page, 'Ended');
  const invoices = await queryDatabase<{ amount_paise: number }>(
    `select amount_paise from subscription_invoices where gateway_subscription_id = $1 order by period_start`,
    [last.id],
  );
  expect(invoices.map((invoice) => invoice.amount_paise)).toEqual([2_150_000, 450_000]);
});

test('an account manager pauses a third client from the next cycle, nothing is charged while paused, and resumes them', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('paused');
  await buy(page, 'LaunchPad', email);
  const first = await subscriptionOf(email);
  await billing(page).getByRole('button', { name: 'Ask to pause' }).click();
  await expect(billing(page).getByRole('status')).toContainText('Your account manager has your request');

  const staffContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const staff = await staffContext.newPage();
  await signInAt(staff, '/admin', await account('manager', { staff: true }));
  const openSubscription = async () => {
    await staff
      .getByRole('navigation', { name: 'Inbox sections' })
      .getByRole('button', { name: /^Subscriptions/ })
      .click();
    await staff.getByRole('searchbox', { name: 'Search by name, email, phone or business' }).fill(email);
    await staff.getByRole('search').getByRole('button', { name: 'Search' }).click();
    const rows = staff.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(2);
    await rows.nth(1).getByRole('button').first().click();
    return staff.getByRole('dialog');
  };
  let dialog = await openSubscription();
  await expect(dialog).toContainText('Pause from the next cycle');
  await dialog.getByRole('button', { name: 'Pause from next cycle' }).click();
  await dialog.getByRole('button', { name: 'Yes, pause' }).click();
  await expect(dialog).toContainText(
    `Pauses ${new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }).format(first.paid_through)}`,
  );
  await staff.keyboard.press('Escape');

  // The day before the billing date the reconciler pauses it at the gateway; the billing date passes with no charge.
  await advanceTo(request, first.paid_through, 12);
  await expect.poll(async () => (await subscriptionOf(email)).status, { timeout: 30_000 }).toBe('paused');
  await advanceTo(request, first.paid_through, -24);
  await expectBillingToSay(page, 'Paused');
  await expect(billing(page).getByRole('button', { name: 'Ask to resume' })).toBeVisible();
  expect(await queryDatabase(`select 1 from subscription_invoices where gateway_subscription_id = $1`, [first.id])).toHaveLength(1);
  await screenshot(page, 'billing-paused');

  // Resumed after the paid period: a new month is charged now, and the client is active again.
  dialog = await openSubscription();
  await dialog.getByRole('button', { name: 'Resume' }).click();
  await dialog.getByRole('button', { name: 'Yes, resume' }).click();
  await expect(dialog).toContainText('Active');
  await staffContext.close();
  await expectBillingToSay(page, 'Active');
  await expect(billing(page).getByRole('row')).toHaveCount(3);
  expect((await subscriptionOf(email)).status).toBe('active');
  await screenshot(page, 'billing-resumed');
});

test('a client who paid once before monthly billing starts the monthly payment: no setup fee, first charged when the paid month ends', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = await account('paid-once', { staff: false });
  await signInAt(page, '/dashboard', email);
  const paidAt = new Date(await sandboxNow());
  await paidOnceBefore(queryDatabase, { uid: await uidOf(email), email, paidAt, mode: 'sandbox' });
  const paidThrough = periodEnd(paidAt);
  const until = formatBillingDate(paidThrough);

  await expectBillingToSay(page, 'Keep your LaunchPad plan going');
  await expect(billing(page)).toContainText(`Then every month₹2,500 from ${until}`);
  await screenshot(page, 'billing-paid-once-offer');
  await billing(page).getByRole('button', { name: 'Start monthly payment' }).click();
  await expect(billing(page).getByRole('group', { name: 'Start your monthly payment?' })).toContainText(
    `₹2,500 is charged on ${until}, then every month`,
  );
  await screenshot(page, 'billing-paid-once-confirm');
  await billing(page).getByRole('button', { name: 'Authorise my card' }).click();
  await expect(billing(page).getByRole('status')).toContainText(`Your monthly payment is set up. ₹2,500 will be charged on ${until}`);
  await expect(billing(page)).toContainText(`Next charge₹2,500 on ${until}`);
  await expect(billing(page)).toContainText(`Your monthly payment starts on ${until}`);
  await screenshot(page, 'billing-paid-once-started');

  // The paid month ends: the monthly fee alone is charged, and the plan carries on.
  await advanceTo(request, paidThrough, -1);
  await expectBillingToSay(page, '₹2,500Paid');
  await expect(billing(page)).toContainText(`Next charge₹2,500 on ${formatBillingDate(periodEnd(paidThrough))}`);
  await expect(page.getByRole('heading', { name: 'LaunchPad', level: 2, exact: true })).toBeVisible();
  const [row] = await queryDatabase<{ id: string; setup_paise: number }>(
    `select gateway_subscription_id as id, setup_paise from subscriptions where customer_email = $1`,
    [email],
  );
  expect(row!.setup_paise).toBe(0);
  const invoices = await queryDatabase<{ amount_paise: number }>(
    `select amount_paise from subscription_invoices where gateway_subscription_id = $1`,
    [row!.id],
  );
  expect(invoices.map((invoice) => invoice.amount_paise)).toEqual([250_000]);
});
