import { expect, test, type Page } from '@playwright/test';

/**
 * Pages the app draws (every page but home, which is prerendered: prerender.spec.ts) must not move as they fill in,
 * on a slow phone. A page's first render is often a state it leaves at once: the quiz reading its saved draft, the
 * dashboard asking who is signed in, a page without what it needs redirecting. Each of those was painted, and what
 * came after moved it (the quiz 0.16, the dashboard 0.05, a redirect 0.3, at 4x CPU). The aim is CLS under 0.02.
 */
test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

interface Shift {
  value: number;
  moved: string[];
}

/** From the next document on, every layout shift is kept with the start of the markup of what moved. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: Shift[]; takeShifts: () => Shift[] };
    w.shifts = [];
    const keep = (entries: PerformanceEntryList) => {
      for (const entry of entries as Array<PerformanceEntry & { value: number; sources: Array<{ node?: Node }> }>) {
        const moved = entry.sources.map((source) => (source.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? '(text)');
        w.shifts.push({ value: entry.value, moved });
      }
    };
    const observer = new PerformanceObserver((list) => keep(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    // Shifts recorded but not yet handed to the callback (that comes in a later task) are taken at once.
    w.takeShifts = () => {
      keep(observer.takeRecords());
      return w.shifts;
    };
  });
}

/** Every shift up to the last frame drawn: two frames are drawn first, so what the page changed last is laid out. */
async function recordedShifts(page: Page): Promise<{ total: number; shifts: Shift[] }> {
  const shifts = await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return (window as unknown as { takeShifts: () => Shift[] }).takeShifts();
  });
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}

/**
 * Until the late work that can move a page is done: the first auth check has answered (the header's account area is
 * no longer busy), the fonts in use have loaded, and the browser has had an idle moment since, so nothing it had
 * queued is left.
 */
async function lateWorkDone(page: Page): Promise<void> {
  await expect(page.locator('header [aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestIdleCallback(resolve));
  });
}

/** Two frames drawn, so a change the page just made has been laid out and painted. */
const twoFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

const routes = [
  '/get-started',
  '/dashboard',
  // Without a plan handed over, the payment page sends the visitor to choose one.
  '/payment',
  '/pricing',
  '/contact',
  '/case-studies',
];

for (const route of routes) {
  test(`${route} does not move as it loads on a slow phone`, async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await recordShifts(page);
    await page.goto(route, { waitUntil: 'networkidle' });
    await expect(page.locator('main h1')).toBeVisible();
    // Late work (fonts swapping in, a session's answer) has its moment to move things too.
    await lateWorkDone(page);
    const { total, shifts } = await recordedShifts(page);
    expect(total, JSON.stringify(shifts, null, 1)).toBeLessThan(0.02);
  });
}

/*
 * A page's first layout covers what is seen first: the contents of its sections after the first and of the footer
 * are laid out only as they come near the screen (`content-visibility: auto`, decision 164), and are there, whole,
 * when scrolled to.
 */
for (const route of ['/pricing', '/about']) {
  test(`${route} lays out its later sections and footer only as they come near`, async ({ page }) => {
    await page.goto(route);
    await expect(page.locator('main h1')).toBeVisible();
    const drawn = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
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

/*
 * Until it is drawn, such a part holds its estimated height, and its text is placed as it will be. Text below the
 * estimate is outside its section's (or the footer's) background meanwhile, and a contrast check reads it on the
 * page's white: the footer's light text failed Lighthouse's accessibility audit that way (96). On a dark background,
 * every estimate covers what it holds, on a narrow phone, Lighthouse's phone and a desktop; on a light one, dark text
 * on white is what a visitor sees anyway.
 */
test.describe('on a dark background, the estimated height of a part laid out late covers what it holds', () => {
  for (const width of [320, 412, 1440]) {
    test(`at ${width} px wide`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const route of ['/pricing', '/about', '/how-it-works', '/case-studies', '/contact', '/apps']) {
        await page.goto(route);
        await expect(page.locator('main h1')).toBeVisible();
        // Each part is brought into view and drawn, then its own height read beside its estimate.
        const parts = await page.evaluate(async () => {
          const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          const lateParts = [...document.querySelectorAll<HTMLElement>('main *, footer *')].filter(
            (element) => getComputedStyle(element).contentVisibility === 'auto',
          );
          const measured = [];
          for (const element of lateParts) {
            element.scrollIntoView();
            await frame();
            let behind = element.parentElement;
            while (behind && getComputedStyle(behind).backgroundColor === 'rgba(0, 0, 0, 0)') behind = behind.parentElement;
            const [r = 255, g = 255, b = 255] = (behind ? getComputedStyle(behind).backgroundColor : '').match(/\d+/g)?.map(Number) ?? [];
            measured.push({
              part: element.outerHTML.slice(0, 60),
              dark: 0.2126 * r + 0.7152 * g + 0.0722 * b < 128,
              drawn: element.checkVisibility({ contentVisibilityAuto: true }),
              height: element.getBoundingClientRect().height,
              estimate: Number.parseFloat(getComputedStyle(element).containIntrinsicHeight.replace('auto', '')),
            });
          }
          return measured;
        });
        expect(parts.length, route).toBeGreaterThan(0);
        expect(parts.filter((part) => part.dark).length, `${route}: the footer's contents`).toBeGreaterThan(0);
        for (const { part, dark, drawn, height, estimate } of parts) {
          expect(drawn, `${route}: ${part} is drawn once in view`).toBe(true);
          if (dark) expect(height, `${route}: ${part}`).toBeLessThanOrEqual(estimate);
        }
      }
    });
  }
});

/*
 * On a slow first visit the web fonts arrive after the first paint (`font-display: swap`). Until then the text is
 * drawn in a system font scaled to their width (src/ui/fallbackFont.ts), so the lines break in the same places and
 * nothing moves when they swap in, one after the other. Drawn in the system font as it is, the home page's hero moved
 * 0.131 here. Chromium on Linux finds Liberation Sans (fonts-liberation, which .ci/run installs) where Windows has Arial.
 */
test.describe('fonts that arrive after the first paint move nothing', () => {
  const loaded = (family: string) => [...document.fonts].some((face) => face.family.includes(family) && face.status === 'loaded');
  for (const width of [360, 1440]) {
    test(`at ${width} px wide`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await recordShifts(page);
      for (const route of ['/', '/pricing', '/contact', '/case-studies']) {
        // Each family's files (its Latin subset and its whole Latin file) are held until let go.
        const letGo = new Map<string, () => void>();
        const asked: Array<Promise<void>> = [];
        for (const family of ['inter', 'plus-jakarta-sans']) {
          const held = new Promise<void>((resolve) => letGo.set(family, resolve));
          let ask!: () => void;
          asked.push(new Promise<void>((resolve) => (ask = resolve)));
          await page.route(new RegExp(`/fonts-[^/]+/${family}-latin-`), async (fontRoute) => {
            ask();
            await held;
            await fontRoute.continue();
          });
        }
        // A new document each time (a hash change alone would keep the fonts already loaded).
        await page.goto('about:blank');
        await page.goto(route, { waitUntil: 'commit' });
        await expect(page.locator('main h1')).toBeVisible();
        // The page wants both web fonts, which are held: meanwhile its text is drawn in the fallback.
        await Promise.all(asked);
        const drawn = async () => ({
          web: (await page.evaluate(loaded, 'Inter')) || (await page.evaluate(loaded, 'Plus Jakarta Sans')),
          fallback: await page.evaluate(loaded, 'Sized Fallback'),
        });
        await expect
          .poll(drawn, { message: `${route}: drawn in the fallback, which found a local font` })
          .toEqual({ web: false, fallback: true });
        // The body's font first, then the headings', each swap drawn before the next font comes.
        letGo.get('inter')!();
        await page.waitForFunction(loaded, 'Inter');
        await twoFrames(page);
        letGo.get('plus-jakarta-sans')!();
        await page.waitForFunction(loaded, 'Plus Jakarta Sans');
        const { total, shifts } = await recordedShifts(page);
        expect.soft(total, `${route}: ${JSON.stringify(shifts, null, 1)}`).toBeLessThan(0.02);
        await page.unrouteAll({ behavior: 'wait' });
      }
    });
  }
});
