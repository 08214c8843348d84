import { expect, test, type Page } from '@playwright/test';

/**
 * When the fonts load (docs/decisions/161-funnel-fonts-after-the-first-paint.md, 167-fonts-after-the-first-paint-
 * everywhere-but-home.md): beside the page on home, whose first screen is in index.html; on a first visit of any other
 * page, the page's code comes first and the fonts follow its first paint.
 */
test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

/**
 * When the page's first paint was, and when each font was asked for, in ms since the page's start. The paint's entry
 * is recorded a moment after the paint itself (a CI run read it before it was there): waited for first.
 */
const timings = async (page: Page) => {
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  return page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    fonts: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.woff2'))
      .map((entry) => ({ file: entry.name.replace(/^.*\//, ''), askedAt: entry.startTime })),
  }));
};

const drawnInInter = (page: Page) =>
  page.waitForFunction(() => [...document.fonts].some((face) => face.family.includes('Inter') && face.status === 'loaded'));

test('a first visit of the quiz paints before its fonts are asked for; the next visit has them at once', async ({ page }) => {
  await page.goto('/#/get-started');
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
  await drawnInInter(page);
  const first = await timings(page);
  expect(first.fonts.map((font) => font.file).sort()).toEqual([
    'inter-latin-basic-wght-400-800.woff2',
    'noto-sans-devanagari-labels-wght-600-800.woff2',
    'plus-jakarta-sans-latin-basic-wght-400-800.woff2',
  ]);
  for (const font of first.fonts) expect(font.askedAt, font.file).toBeGreaterThan(first.firstPaint);

  // The browser has had them: the next visit asks for them while the page loads, as every other page does.
  await page.reload();
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
  await drawnInInter(page);
  const again = await timings(page);
  const latin = again.fonts.filter((font) => font.file.includes('latin-basic'));
  expect(latin).toHaveLength(2);
  for (const font of latin) expect(font.askedAt, font.file).toBeLessThan(again.firstPaint);
});

// Home's first screen is in index.html, painted before any code runs: its fonts come beside it.
for (const { route, name, askedBeforePaint } of [
  { route: '/#/pricing', name: 'a first visit of the pricing page paints before its fonts are asked for', askedBeforePaint: false },
  { route: '/', name: 'the home page asks for its fonts beside the page, before its first paint', askedBeforePaint: true },
]) {
  test(name, async ({ page }) => {
    await page.goto(route);
    await expect(page.locator('main h1')).toBeVisible();
    await drawnInInter(page);
    const { firstPaint, fonts } = await timings(page);
    const latin = fonts.filter((font) => font.file.includes('latin-basic'));
    expect(latin).toHaveLength(2);
    for (const font of latin) expect(font.askedAt < firstPaint, font.file).toBe(askedBeforePaint);
  });
}
