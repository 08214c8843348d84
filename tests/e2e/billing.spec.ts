import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatBillingDate } from '../../src/domain/billing';
import { queryDatabase } from './db';
import { checkout, giveGuestDetails, openCheckout, uniqueEmail } from './funnels';

/**
 * Monthly billing as a client lives it (docs/decisions/180-monthly-billing.md), on the sandbox gateway whose clock the
 * test moves forward: buy, see the next charge, a month passes and the invoice and its receipt appear, a charge
 * fails and the banner offers a card change, then cancelling outside and inside the 15-day notice. The two journeys
 * share the sandbox's one clock, so they run one after the other.
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
  const [row] = await queryDatabase<{ offset: string }>(`select entity->>'offsetMs' as offset from sandbox_entities where id = 'sandbox_clock'`);
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
  await page.goto('/#/pricing');
  await page.getByRole('link', { name: `Buy Now: ${plan}` }).click();
  await giveGuestDetails(page, email);
  await openCheckout(page);
  await checkout(page).getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/, { timeout: 20_000 });
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
  await page.screenshot({ path: `${shots}/${name}-phone.png` });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.beforeEach(async ({ page }) => {
  await page.goto('/#/');
  await page.evaluate(() => localStorage.clear());
});

test('a monthly client: renewal and receipt, a failed charge and the card change, cancelled 20 days before billing', async ({ page, request }) => {
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
  const [download] = await Promise.all([page.waitForEvent('download'), billing(page).getByRole('button', { name: /Download the receipt/ }).first().click()]);
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
  await expect(billing(page).getByRole('group', { name: 'Cancel your plan?' })).toContainText(`Nothing more will be charged. Your plan stays active until ${endsOn}`);
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
  expect(await queryDatabase(`select 1 from subscription_invoices where gateway_subscription_id = $1`, [current.id])).toHaveLength(invoicesBefore.length);
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
  const invoices = await queryDatabase<{ amount_paise: number }>(`select amount_paise from subscription_invoices where gateway_subscription_id = $1 order by period_start`, [last.id]);
  expect(invoices.map((invoice) => invoice.amount_paise)).toEqual([2_150_000, 450_000]);
});
