import { expect, test, type Page } from '@playwright/test';
import { publicPaths } from '../../src/content/sitePages';
import { account, signInAt } from './funnels';

/** Console errors and warnings, uncaught exceptions and CSP violations of a page, from the moment it opens. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    // The document's own status is the test's to check: Chromium reports a 404 page's as a failed load.
    const documentStatus = message.text().startsWith('Failed to load resource') && message.location().url === page.url();
    if ((message.type() === 'error' || message.type() === 'warning') && !documentStatus)
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Without React's markers, which hydration removes. */
const normalise = (html: string) => html.replace(/<!--[\s\S]*?-->/g, '');

/** Every public page: prerendered by the build, hydrated by the browser (docs/decisions/186-real-urls-and-prerendered-pages.md). */
for (const path of publicPaths) {
  test(`${path} is served whole, and hydrating it changes nothing, moves nothing and reports nothing`, async ({ page, request }) => {
    const served = await (await request.get(path)).text();
    const prerendered = /<div id="root">([\s\S]*)<\/div>\s*<script/.exec(served)?.[1] ?? '';
    expect(prerendered).toContain('<header');
    expect(prerendered).toContain('<h1');
    // Every component id comes from its file (vite.config.ts's styled-components transform), none from
    // styled-components' load-order counter.
    const componentIds = [...prerendered.matchAll(/class="(sc-[\w-]+)/g)].map((match) => match[1]!);
    expect(componentIds.length).toBeGreaterThan(20);
    expect(componentIds.filter((id) => !/^sc-[0-9a-z]+-\d+$/.test(id))).toEqual([]);

    await page.addInitScript(() => {
      const w = window as unknown as { shifts: number };
      w.shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) w.shifts += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const problems = problemsOf(page);
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname.replace(/^.*\//, ''));
    });
    await page.goto(path);
    await hydrated(page);
    const live = await page.evaluate(() => document.getElementById('root')!.innerHTML);
    // The served markup through the browser's own parser and serialiser, as the live tree is.
    const parsed = await page.evaluate(
      (html) => new DOMParser().parseFromString(html, 'text/html').getElementById('root')!.innerHTML,
      served,
    );
    expect(normalise(live)).toBe(normalise(parsed));
    // The aim for CLS is 0.02 or less; a lost style sheet was 0.4.
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.02);
    // English text comes from the Latin subsets alone (src/content/latinBasicFonts.ts), never the whole files.
    expect(fonts.filter((font) => !font.startsWith('noto-sans-devanagari-labels')).sort()).toEqual([
      'inter-latin-basic-wght-400-800.woff2',
      'plus-jakarta-sans-latin-basic-wght-400-800.woff2',
    ]);
    // Allowed by the CSP (a refused inline script would be a console error), and no hydration error.
    expect(problems).toEqual([]);
  });
}

/** An unknown address: served its not-found page with status 404, the one the browser's router draws there (issue 47). */
for (const { path, heading } of [
  { path: '/case-studies/nope', heading: 'Case Study Not Found' },
  { path: '/no/such/page', heading: 'Page Not Found' },
]) {
  test(`${path} is served one not-found page with status 404, and hydrating it changes nothing and reports nothing`, async ({ page }) => {
    const problems = problemsOf(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    const served = await response!.text();
    await hydrated(page);
    // The page served is the one the route draws there: the same heading, the same markup once hydrated.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    const live = await page.evaluate(() => document.getElementById('root')!.innerHTML);
    const parsed = await page.evaluate(
      (html) => new DOMParser().parseFromString(html, 'text/html').getElementById('root')!.innerHTML,
      served,
    );
    expect(normalise(live)).toBe(normalise(parsed));
    await expect(page).toHaveTitle('Page Not Found | GrowthPath');
    expect(problems).toEqual([]);
  });
}

test('the menu works once hydrated', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/pricing');
  await hydrated(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
});

test('a signed-in visitor never sees the prerendered "Sign in", and the page hydrates without an error', async ({ page }) => {
  const email = await account('returning', { staff: false });
  await signInAt(page, '/dashboard', email);
  // On every frame, whether a "Sign in" link in the header was on screen.
  await page.addInitScript(() => {
    const w = window as unknown as { signInSeen: boolean };
    w.signInSeen = false;
    const check = () => {
      const link = [...document.querySelectorAll('header a')].find((a) => a.textContent?.trim() === 'Sign in');
      if (link?.checkVisibility({ visibilityProperty: true })) w.signInSeen = true;
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  const problems = problemsOf(page);
  await page.goto('/about');
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { signInSeen: boolean }).signInSeen)).toBe(false);
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-stored-session'))).toBe(false);
  expect(problems).toEqual([]);
});

/** Hydrated: React has put its props on the header's menu button. */
async function hydrated(page: Page) {
  await page.waitForFunction(() =>
    Object.keys(document.querySelector('header button') ?? {}).some((key) => key.startsWith('__reactProps')),
  );
}

/** Holds back the app's entry script until the returned function is called: the prerendered page without its code. */
async function holdEntryScript(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test('a press on a prerendered button before the page’s code arrived takes effect once it has', async ({ page }) => {
  // docs/decisions/152-presses-before-hydration.md: the head's inline recorder keeps the press, entry.client.tsx presses
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

test('Buy Now pressed before the pricing page’s code arrived hands its plan to /payment once it has', async ({ page }) => {
  // The link hands the plan and the buyer over in router state, which only the app can do: the browser following it
  // by itself reached /payment with nothing and was sent back to /pricing.
  const problems = problemsOf(page);
  const release = await holdEntryScript(page);
  await page.goto('/pricing', { waitUntil: 'commit' });
  await page.getByRole('link', { name: 'Buy Now: Growth Engine' }).click();
  expect(page.url()).toMatch(/\/pricing$/);
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Secure Checkout');
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('Growth Engine');
  expect(problems).toEqual([]);
});

for (const send of ['the Send button', 'Enter'] as const) {
  test(`a contact form filled and sent with ${send} before its code arrived is sent, with what was typed, once it has`, async ({
    page,
  }) => {
    const problems = problemsOf(page);
    const posted: unknown[] = [];
    await page.route('**/api/contact', async (route) => {
      posted.push(route.request().postDataJSON());
      await route.fulfill({ status: 201, contentType: 'application/json', body: '{"result":"success"}' });
    });
    const release = await holdEntryScript(page);
    await page.goto('/contact', { waitUntil: 'commit' });
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Full name').fill('Kavya Iyer');
    await form.getByLabel('Email address').fill('kavya@iyerbakes.in');
    await form.getByLabel('Message').fill('We bake for weddings in Chennai and want more orders online.');
    if (send === 'Enter') await form.getByLabel('Email address').press('Enter');
    else await form.getByRole('button', { name: 'Send Message' }).click();
    // Not sent by the browser itself: that would reload the page with the fields in its address.
    expect(page.url()).toMatch(/\/contact$/);
    release();

    await expect(page.getByRole('status')).toContainText('Thank you');
    expect(posted).toEqual([
      {
        name: 'Kavya Iyer',
        email: 'kavya@iyerbakes.in',
        phone: '',
        message: 'We bake for weddings in Chennai and want more orders online.',
      },
    ]);
    expect(page.url()).toMatch(/\/contact$/);
    expect(problems).toEqual([]);
  });
}

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
