import { expect, test, type Page } from '@playwright/test';
import { account, signInAt } from './funnels';

/**
 * The build prerenders the home page into index.html and the browser hydrates it
 * (docs/decisions/135-component-routes-and-prerendered-home.md).
 */

/** Console errors and warnings, uncaught exceptions and CSP violations of a page, from the moment it opens. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Markup as the DOM serialises it, so the served string and the live tree compare equal when they are the same. */
const normalise = (html: string) =>
  html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\s*\/>/g, '>')
    .replace(/fetchPriority=/g, 'fetchpriority=');

test('index.html carries the home page, and hydrating it changes nothing and reports nothing', async ({ page, request }) => {
  const served = await (await request.get('/')).text();
  const prerendered = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(served)?.[1] ?? '';
  expect(prerendered).toContain('<header');
  expect(prerendered).toContain('<h1');
  // Every component id comes from its file (vite.config.ts's styled-components transform), none from
  // styled-components' load-order counter.
  const componentIds = [...prerendered.matchAll(/class="(sc-[\w-]+)/g)].map((match) => match[1]!);
  expect(componentIds.length).toBeGreaterThan(50);
  expect(componentIds.filter((id) => !/^sc-[0-9a-z]+-\d+$/.test(id))).toEqual([]);

  const problems = problemsOf(page);
  await page.goto('/');
  await expect(page).toHaveTitle('GrowthPath');
  // Interactive once hydrated: the menu button opens the menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');

  const live = await page.evaluate(() => document.getElementById('root')!.innerHTML);
  expect(normalise(live)).toBe(normalise(prerendered));
  expect(problems).toEqual([]);
});

test('a visitor arriving on another route never sees the prerendered home page', async ({ page }) => {
  const problems = problemsOf(page);
  // Record, on every frame until the pricing page is there, whether the home hero was on screen.
  await page.addInitScript(() => {
    const w = window as unknown as { heroSeen: boolean };
    w.heroSeen = false;
    const check = () => {
      const hero = [...document.querySelectorAll('#root h1')].find((h) => h.textContent?.includes('digital growth team'));
      // On screen = rendered (no display:none above it: checkVisibility) and not visibility:hidden.
      if (hero?.checkVisibility({ visibilityProperty: true })) w.heroSeen = true;
      if (document.title !== 'Pricing | GrowthPath') requestAnimationFrame(check);
    };
    document.addEventListener('DOMContentLoaded', check);
    requestAnimationFrame(check);
  });
  await page.goto('/#/pricing');
  await expect(page).toHaveTitle('Pricing | GrowthPath');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Simple, transparent plans that grow with you');
  expect(await page.evaluate(() => (window as unknown as { heroSeen: boolean }).heroSeen)).toBe(false);
  expect(await page.evaluate(() => document.documentElement.className)).toBe('');
  expect(problems).toEqual([]);
});

test('a signed-in visitor arriving home never sees the prerendered signed-out page', async ({ page }) => {
  const email = await account('returning', { staff: false });
  await signInAt(page, '/dashboard', email);
  // Remember the hero the parser inserts (the prerendered one), and on every frame whether it was on screen.
  await page.addInitScript(() => {
    const w = window as unknown as { prerendered?: Element; prerenderedSeen: boolean };
    w.prerenderedSeen = false;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!w.prerendered && node instanceof Element && node.matches('h1') && node.textContent?.includes('digital growth team')) {
            w.prerendered = node;
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
    const check = () => {
      if (w.prerendered?.isConnected && w.prerendered.checkVisibility({ visibilityProperty: true })) w.prerenderedSeen = true;
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('digital growth team');
  const seen = await page.evaluate(() => {
    const w = window as unknown as { prerendered?: Element; prerenderedSeen: boolean };
    return { found: !!w.prerendered, seen: w.prerenderedSeen };
  });
  // The prerendered markup arrived, and was never painted: the header it carries says "Sign in".
  expect(seen).toEqual({ found: true, seen: false });
  expect(await page.evaluate(() => document.documentElement.className)).toBe('');
});

test('a direct visit to a page asks for its chunks from the head, before the app names them', async ({ page }) => {
  // docs/decisions/151-route-preloads.md: the inline script preloads the route's chunks while the head is parsed;
  // the app's import then reuses that fetch. Record when the preload appears and when the app starts (main.tsx
  // empties #root first thing on any route but home).
  await page.addInitScript(() => {
    const w = window as unknown as { events: string[] };
    w.events = [];
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLLinkElement && node.rel === 'modulepreload' && /ContactPage-/.test(node.href)) w.events.push('preload');
        }
        if (record.target instanceof Element && record.target.id === 'root' && record.removedNodes.length > 0) w.events.push('app');
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const problems = problemsOf(page);
  await page.goto('/#/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Let’s talk about your growth');
  const events = await page.evaluate(() => (window as unknown as { events: string[] }).events);
  expect(events.slice(0, 2)).toEqual(['preload', 'app']);
  const preloads = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href') ?? ''),
  );
  expect(preloads.filter((href) => /\/assets\/(ContactPage|shared|core|funnels)-[\w-]+\.js$/.test(href))).toHaveLength(4);
  // And no other script: the framework, the entry, the three shared chunks and the page's own, not a dozen small
  // files (docs/decisions/162-shared-chunks.md). Rolldown's hashes are 8 characters; any other address is kept whole.
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => /\.m?js(\?|$)/.test(url))
      .map((url) => /\/assets\/(.+)-[\w-]{8}\.js$/.exec(url)?.[1] ?? url)
      .sort(),
  );
  expect(scripts).toEqual(['ContactPage', 'core', 'funnels', 'index', 'rolldown-runtime', 'route-preloads', 'shared', 'vendor']);
  // One fetch of the page's chunk: the import reused the preload.
  const contactFetches = await page.evaluate(
    () => performance.getEntriesByType('resource').filter((entry) => /\/assets\/ContactPage-[\w-]+\.js$/.test(entry.name)).length,
  );
  expect(contactFetches).toBe(1);
  // Allowed by the CSP (a refused inline script would be a console error) and nothing else complained.
  expect(problems).toEqual([]);

  // Home needs nothing more than the first bundle.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('digital growth team');
  const homePreloads = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href') ?? ''),
  );
  expect(homePreloads.filter((href) => /Page-[\w-]+\.js$/.test(href))).toEqual([]);
});

/** Holds back the app's entry script until the returned function is called: the prerendered page without its code. */
async function holdEntryScript(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test('a press on a prerendered button before the page’s code arrived takes effect once it has', async ({ page }) => {
  // docs/decisions/152-presses-before-hydration.md: index.html's inline recorder keeps the press, main.tsx presses
  // the button again once it is hydrated. Without it, the press was lost.
  const problems = problemsOf(page);
  const release = await holdEntryScript(page);
  // Not 'domcontentloaded': that waits for the module script held back here.
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('contentinfo').getByRole('button', { name: 'Chat with our assistant' }).click();
  release();
  await expect(page.getByRole('dialog', { name: 'GrowthPath assistant' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('the skip link followed before the page’s code arrived leaves the visitor on the home page', async ({ page }) => {
  // Until hydration it is a plain link to `#main`, which the router would read as an unknown route (a 404 page).
  const problems = problemsOf(page);
  const release = await holdEntryScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeAttached();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => location.hash)).toBe('#main');
  release();
  await page.waitForFunction(() =>
    Object.keys(document.querySelector('header button') ?? {}).some((key) => key.startsWith('__reactProps')),
  );
  await expect(page.getByRole('heading', { level: 1 })).toContainText('digital growth team');
  expect(await page.evaluate(() => location.hash)).toBe('');
  expect(problems).toEqual([]);
});

test('a visitor who scrolls while the page loads stays where they are once it hydrates', async ({ page }) => {
  const release = await holdEntryScript(page);
  // Not 'domcontentloaded': that waits for the module script held back here.
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('contentinfo')).toBeAttached();
  await page.mouse.wheel(0, 2500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1500);
  release();
  // Hydrated: React has put its props on the footer's button (its effects, the scroll reset among them, follow).
  await page.waitForFunction(() => {
    const button = document.querySelector('footer button');
    return !!button && Object.keys(button).some((key) => key.startsWith('__reactProps'));
  });
  // The effects run in tasks React queued at the commit; an idle moment comes only once they have, then a frame.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestAnimationFrame(resolve))));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1500);
});

test.describe('the sections under the hero, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  const belowFoldCode = (page: Page) =>
    page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/BelowFoldSections-[\w-]+\.js$/.test(entry.name)));

  test('load their code only when scrolled near, and keep their prerendered classes when it arrives after the chat', async ({ page }) => {
    const problems = problemsOf(page);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(await belowFoldCode(page)).toBe(false);
    const faq = page.getByRole('region', { name: 'Questions owners ask us' });
    const item = faq.getByRole('button', { name: 'How long before I see results?' });
    const prerenderedClasses = await item.evaluate((button) => [button.className, button.closest('div')!.className]);

    // The chat's code first (its components must not shift the sections' class names: ids come from files),
    // its launcher pressed without scrolling the page down to the footer that holds it.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Chat with our assistant' }).dispatchEvent('click');
    const panel = page.getByRole('dialog', { name: 'GrowthPath assistant' });
    await expect(panel).toBeVisible();
    expect(await belowFoldCode(page)).toBe(false);
    // Closing it gives focus back to the launcher, which scrolls the page to the footer: the sections come near.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect.poll(() => belowFoldCode(page)).toBe(true);

    // Pressed (held until the code is live, then pressed again): React re-renders it with the classes it computes.
    await item.click();
    await expect(item).toHaveAttribute('aria-expanded', 'true');
    await item.click();
    await expect(item).toHaveAttribute('aria-expanded', 'false');
    expect(await item.evaluate((button) => [button.className, button.closest('div')!.className])).toEqual(prerenderedClasses);
    expect(problems).toEqual([]);
  });
});

test.describe('the home page paints before its code loads (decision 156)', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

  /** When the app's entry was asked for, and when the page loaded and its hero image was painted, in ms. */
  const timings = (page: Page) =>
    page.evaluate(() => {
      const entry = performance.getEntriesByType('resource').find((resource) => /\/assets\/index-[\w-]+\.js$/.test(resource.name));
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { entryAskedAt: entry?.startTime, loadedAt: navigation.loadEventStart };
    });

  test('the code is asked for once the page has loaded and its first screen is painted, and nothing moves', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { heroPaintedAt?: number; shifts: number };
      w.shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { identifier: string; renderTime: number }>) {
          if (entry.identifier === 'home-hero-image') w.heroPaintedAt = entry.renderTime;
        }
      }).observe({ type: 'element', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) w.shifts += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const problems = problemsOf(page);
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname.replace(/^.*\//, ''));
    });
    await page.goto('/');
    // Hydrated: React has put its props on the menu button.
    await page.waitForFunction(() =>
      Object.keys(document.querySelector('header button') ?? {}).some((key) => key.startsWith('__reactProps')),
    );
    const { entryAskedAt, loadedAt } = await timings(page);
    const heroPaintedAt = await page.evaluate(() => (window as unknown as { heroPaintedAt?: number }).heroPaintedAt);
    expect(heroPaintedAt).toBeGreaterThan(0);
    expect(entryAskedAt).toBeGreaterThanOrEqual(Math.max(loadedAt, heroPaintedAt!));
    // Hydrating the prerendered page moved nothing (the aim for CLS is under 0.02; a lost style sheet was 0.4).
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.02);
    // English text comes from the Latin subsets alone (src/content/latinBasicFonts.ts), never the whole files.
    expect(fonts.sort()).toEqual(['inter-latin-basic-wght-400-800.woff2', 'plus-jakarta-sans-latin-basic-wght-400-800.woff2']);
    expect(problems).toEqual([]);
  });

  test('a press before the page has loaded brings the code at once, and takes effect', async ({ page }) => {
    // The hero image held back: `load` cannot fire, so only the press can start the code.
    let releaseImage: () => void = () => undefined;
    const image = new Promise<void>((resolve) => (releaseImage = resolve));
    await page.route(/hero-dashboard\.svg$/, async (route) => {
      await image;
      await route.continue();
    });
    const entryAsked: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/index-[\w-]+\.js$/.test(request.url())) entryAsked.push(request.url());
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    // All the page does by itself without `load`: its first paint, then an idle moment with nothing left queued.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          new PerformanceObserver((list, observer) => {
            if (list.getEntriesByName('first-contentful-paint').length === 0) return;
            observer.disconnect();
            requestIdleCallback(() => resolve());
          }).observe({ type: 'paint', buffered: true });
        }),
    );
    expect(entryAsked).toEqual([]);
    expect((await timings(page)).entryAskedAt).toBeUndefined();
    await page.getByRole('button', { name: 'Menu' }).tap();
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
    const { entryAskedAt, loadedAt } = await timings(page);
    expect(entryAskedAt).toBeGreaterThan(0);
    expect(loadedAt).toBe(0);
    releaseImage();
  });
});
