import { expect, test, type Page } from '@playwright/test';

/**
 * When the fonts load: beside the page, preloaded from every page's head (src/app/fonts.ts); decisions 161 and 167,
 * fonts after the first paint where the app drew the page, ended with the prerendered pages (decision 186).
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

// Every public page's first screen is in its HTML, painted before any code runs: its fonts come beside it. The
// funnel pages' shell asks for them the same way.
for (const route of ['/', '/pricing', '/get-started']) {
  test(`${route} asks for its two Latin subsets beside the page, before its first paint, and no other Latin font`, async ({ page }) => {
    await page.goto(route);
    await expect(page.locator('main h1')).toBeVisible();
    await drawnInInter(page);
    const { firstPaint, fonts } = await timings(page);
    const latin = fonts.filter((font) => !font.file.startsWith('noto-sans-devanagari'));
    expect(latin.map((font) => font.file).sort()).toEqual([
      'inter-latin-basic-wght-400-800.woff2',
      'plus-jakarta-sans-latin-basic-wght-400-800.woff2',
    ]);
    for (const font of latin) expect(font.askedAt, font.file).toBeLessThan(firstPaint);
  });
}
