import { expect, test } from '@playwright/test';

/**
 * Pages the app draws (every page but home, which is prerendered: prerender.spec.ts) must not move as they fill in,
 * on a slow phone. A page's first render is often a state it leaves at once: the quiz reading its saved draft, the
 * dashboard asking who is signed in, a page without what it needs redirecting. Each of those was painted, and what
 * came after moved it (the quiz 0.16, the dashboard 0.05, a redirect 0.3, at 4x CPU). The aim is CLS under 0.02.
 */
test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

const routes = [
  '/#/get-started',
  '/#/dashboard',
  // Without a plan handed over, the payment page sends the visitor to choose one.
  '/#/payment',
  '/#/pricing',
  '/#/contact',
  '/#/case-studies',
];

for (const route of routes) {
  test(`${route} does not move as it loads on a slow phone`, async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: Array<{ value: number; moved: string[] }> };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; sources: Array<{ node?: Node }> }>) {
          const moved = entry.sources.map((source) => (source.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? '(text)');
          w.shifts.push({ value: entry.value, moved });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(route, { waitUntil: 'networkidle' });
    await expect(page.locator('main h1')).toBeVisible();
    // Late work (fonts swapping in, a session's answer) has its moment to move things too.
    await page.waitForTimeout(500);
    const shifts = await page.evaluate(() => (window as unknown as { shifts: Array<{ value: number; moved: string[] }> }).shifts);
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect(total, JSON.stringify(shifts, null, 1)).toBeLessThan(0.02);
  });
}

/*
 * A page's first layout covers what is seen first: its sections after the first and the footer are laid out only as
 * they come near the screen (`content-visibility: auto`, decision 164), and are there, whole, when scrolled to.
 */
for (const route of ['/#/pricing', '/#/about']) {
  test(`${route} lays out its later sections and footer only as they come near`, async ({ page }) => {
    await page.goto(route);
    await expect(page.locator('main h1')).toBeVisible();
    const drawn = (selector: string) =>
      page.locator(selector).first().evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
    const lastSectionHeading = 'main > section:last-child h2';
    expect(await drawn('main h1')).toBe(true);
    expect(await drawn(lastSectionHeading)).toBe(false);
    expect(await drawn('footer a')).toBe(false);

    await page.locator('footer').scrollIntoViewIfNeeded();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' })).toBeInViewport();
    expect(await drawn('footer a')).toBe(true);
    await page.locator(lastSectionHeading).scrollIntoViewIfNeeded();
    await expect(page.locator(lastSectionHeading)).toBeInViewport();
    expect(await drawn(lastSectionHeading)).toBe(true);
  });
}
