/**
 * Screenshots of every public page at phone (390x844) and desktop (1440x900) sizes, for a person to look at.
 * Usage: node --import tsx scripts/screenshots.ts [baseUrl] [outDir] [route...]
 */
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { chromiumArgs, chromiumPath } from '../tests/chromium';
import { publicPaths } from '../src/content/sitePages';

const [baseUrl = 'http://127.0.0.1:8080', outDir = '/tmp/shots', ...only] = process.argv.slice(2);
const routes = only.length ? only : [...publicPaths, '/case-studies/nope', '/nowhere', '/signin', '/get-started', '/report', '/dashboard'];
const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: chromiumArgs,
});
for (const [sizeName, viewport] of Object.entries(sizes)) {
  const page = await browser.newPage({ viewport });
  for (const route of routes) {
    await page.goto(`${baseUrl}${route}`);
    await page.waitForLoadState('networkidle');
    // Scroll through once so lazy images load before the full-page capture.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const name = route === '/' ? 'home' : route.slice(1).replace(/\//g, '_');
    // Tiles two viewports tall: a whole page shrunk to one image is too small to judge.
    const total = await page.evaluate(() => document.documentElement.scrollHeight);
    const tile = viewport.height * 2;
    for (let index = 0, y = 0; y < total; index += 1, y += tile) {
      await page.screenshot({
        path: `${outDir}/${sizeName}-${name}-${index}.png`,
        fullPage: true,
        clip: { x: 0, y, width: viewport.width, height: Math.min(tile, total - y) },
      });
    }
  }
  await page.close();
}
await browser.close();
console.log(`screenshots in ${outDir}`);
