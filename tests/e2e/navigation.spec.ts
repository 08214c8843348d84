import { expect, test } from '@playwright/test';

test('the current route is highlighted in the header with aria-current', async ({ page }) => {
  await page.goto('/case-studies');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Case Studies' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);

  await nav.getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(nav.getByRole('link', { name: 'About Us' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Case Studies' })).not.toHaveAttribute('aria-current', 'page');
  const background = await nav.getByRole('link', { name: 'About Us' }).evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).not.toBe('rgba(0, 0, 0, 0)');
});

test('the scroll position resets to the top on every route change', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('heading', { name: 'Questions owners ask us' }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await page.getByRole('link', { name: 'See all case studies' }).click();
  await expect(page).toHaveURL(/\/case-studies$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the home FAQ keeps one answer open at a time', async ({ page }) => {
  await page.goto('/');
  const faq = page.getByRole('region', { name: 'Questions owners ask us' });
  const first = faq.getByRole('button', { name: 'Is there an annual lock-in?' });
  const second = faq.getByRole('button', { name: 'How long before I see results?' });
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(faq.getByText('We recommend giving a plan 3–6 months')).toBeVisible();
});

test('the testimonial carousel wraps from the first back to the last', async ({ page }) => {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'What our clients say' }).first();
  await carousel.getByRole('button', { name: 'Previous testimonial' }).click();
  await expect(carousel.getByText('Ananya Iyer', { exact: true })).toBeVisible();
  await carousel.getByRole('button', { name: 'Next testimonial' }).click();
  await expect(carousel.getByText('Priya Sharma', { exact: true })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the mobile menu opens from a named button and navigates', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link')).toHaveText(['Home', 'How It Works', 'Apps', 'Pricing', 'Case Studies', 'About Us', 'Sign in']);

    await nav.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();

    await toggle.click();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('no page scrolls sideways', async ({ page }) => {
    for (const route of ['/', '/pricing', '/about', '/case-studies', '/contact', '/legal/terms']) {
      await page.goto(`/#${route}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${route} is wider than the phone`).toBeLessThanOrEqual(0);
    }
  });
});
