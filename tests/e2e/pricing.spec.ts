import { expect, test } from '@playwright/test';

test('the pricing cards show fees in rupees with Indian grouping and flag Growth Engine', async ({ page }) => {
  await page.goto('/pricing');
  const launchpad = page.getByRole('article', { name: 'LaunchPad' });
  await expect(launchpad).toContainText('₹2,500/month');
  await expect(launchpad).toContainText('+ ₹10,000 one-time setup fee');
  await expect(launchpad).toContainText('Ad spend is paid separately');

  const growth = page.getByRole('article', { name: 'Growth Engine' });
  await expect(growth).toContainText('MOST POPULAR');
  await expect(growth).toContainText('₹4,500/month');
  await expect(growth).toContainText('+ ₹17,000 one-time setup fee');

  const scale = page.getByRole('article', { name: 'Scale Up' });
  await expect(scale).toContainText('Custom');
  await expect(scale).toContainText('Fully Customized');
  await expect(scale.getByRole('link', { name: /Buy Now/ })).toHaveCount(0);
  await scale.getByRole('link', { name: 'Contact Sales about Scale Up' }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test('Buy Now hands the plan and guest details to /payment', async ({ page }) => {
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Buy Now: Growth Engine' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Secure Checkout');
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Growth Engine');
  await expect(summary).toContainText('₹17,000');
  await expect(summary).toContainText('₹4,500');
  await expect(summary).toContainText('Total due today₹21,500');

  const state = await page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr);
  expect(state).toMatchObject({
    plan: 'growth-engine',
    userDetails: { fullName: 'Guest User', businessName: 'My Business', industry: 'Retail', acceptTerms: true },
  });
});

test('/payment without a plan handed over goes back to /pricing', async ({ page }) => {
  await page.goto('/payment');
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Simple, transparent plans that grow with you');
});
