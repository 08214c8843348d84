import { expect, test } from '@playwright/test';

/** Every route of docs/product.md §2 with the h1 and document title a visitor should see. */
const pages: { route: string; heading: RegExp | string; title: string }[] = [
  { route: '/', heading: /Your whole digital growth team/, title: 'GrowthPath: digital growth plans for Indian small businesses' },
  { route: '/about', heading: 'We help small businesses grow like big brands', title: 'About Us | GrowthPath' },
  { route: '/pricing', heading: 'Simple, transparent plans that grow with you', title: 'Pricing | GrowthPath' },
  { route: '/how-it-works', heading: /A growth team on a subscription/, title: 'How It Works | GrowthPath' },
  { route: '/apps', heading: 'Ready-made solutions that start working in days', title: 'Apps & Solutions | GrowthPath' },
  { route: '/case-studies', heading: 'Real businesses, measurable growth', title: 'Case Studies | GrowthPath' },
  {
    route: '/case-studies/ecommerce-platform-redesign',
    heading: 'E-commerce Platform for a Family Textile Business',
    title: 'E-commerce Platform for a Family Textile Business | GrowthPath',
  },
  { route: '/contact', heading: 'Let’s talk about your growth', title: 'Contact Us | GrowthPath' },
  { route: '/help', heading: 'How can we help?', title: 'Help Center | GrowthPath' },
  { route: '/signin', heading: /Sign in/, title: 'Sign In | GrowthPath' },
  { route: '/get-started', heading: /growth plan/i, title: 'Get Your Growth Plan | GrowthPath' },
  // /report without quiz answers redirects to the quiz: tests/e2e/quiz.spec.ts covers it.
  // /dashboard sends anonymous visitors to /signin?redirect=/dashboard: tests/e2e/auth.spec.ts.
  { route: '/legal/terms', heading: 'Terms of Service', title: 'Terms of Service | GrowthPath' },
  { route: '/legal/privacy', heading: 'Privacy Policy', title: 'Privacy Policy | GrowthPath' },
  { route: '/legal/shipping', heading: 'Shipping & Delivery Policy', title: 'Shipping & Delivery Policy | GrowthPath' },
  { route: '/legal/refunds', heading: 'Cancellation & Refund Policy', title: 'Cancellation & Refund Policy | GrowthPath' },
];

for (const { route, heading, title } of pages) {
  test(`${route} shows its heading, title and description, with no console errors`, async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page).toHaveTitle(title);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length).toBeGreaterThan(40);
    expect(errors).toEqual([]);
  });
}

test('every page has its own meta description', async ({ page }) => {
  const seen = new Map<string, string>();
  for (const { route, title } of pages) {
    await page.goto(route);
    await expect(page).toHaveTitle(title);
    const description = (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
    expect(seen.get(description), `${route} repeats the description of another page`).toBeUndefined();
    seen.set(description, route);
  }
});

test('an unknown path shows the 404 page with its links', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page).toHaveTitle('Page Not Found | GrowthPath');
  const links = page.getByRole('navigation', { name: 'Helpful links' }).getByRole('link');
  await expect(links).toHaveText(['Home', 'Pricing', 'Case Studies', 'Contact']);
  await links.filter({ hasText: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('an unknown legal document is a 404 too', async ({ page }) => {
  await page.goto('/legal/cookies');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
});

test('an unknown case study says so and links back', async ({ page }) => {
  await page.goto('/case-studies/no-such-study');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Case Study Not Found');
  await expect(page.getByText("We couldn't find the case study you're looking for.")).toBeVisible();
  await page.getByRole('link', { name: 'Back to case studies' }).click();
  await expect(page).toHaveURL(/\/case-studies$/);
});

test("a case study alone on the list's last row spans the row, cover beside text", async ({ page }) => {
  /** Each card's width, and whether its cover sits beside its text (left of it) rather than above it. */
  const layout = () =>
    page.getByRole('article').evaluateAll((cards) =>
      cards.map((card) => {
        const cover = card.querySelector('img')!.getBoundingClientRect();
        const body = card.querySelector('img + *')!.getBoundingClientRect();
        return { width: card.getBoundingClientRect().width, coverWidth: cover.width, beside: cover.right <= body.left + 1 };
      }),
    );
  // 7 studies: 3 columns at 1440 px and 2 at 900 px each leave one card on the last row; one column on a phone.
  for (const [width, columns] of [
    [1440, 3],
    [900, 2],
    [390, 1],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/case-studies');
    await expect(page.getByRole('article')).toHaveCount(7);
    const cards = await layout();
    const last = cards.at(-1)!;
    const label = `${width} px`;
    expect(
      cards.slice(0, -1).every((card) => !card.beside),
      label,
    ).toBe(true);
    if (columns === 1) {
      expect(last, label).toMatchObject({ width: cards[0]!.width, beside: false });
    } else {
      expect(last.width, label).toBeCloseTo(cards[0]!.width * columns + 24 * (columns - 1), -1);
      expect(last.beside, label).toBe(true);
      expect(last.coverWidth / last.width, label).toBeCloseTo(0.4, 1);
    }
  }
  // At three columns, 5 and 3 cards fill their last rows (2 and 3 cards): none spans, though 5 would at two columns.
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const keep of [5, 3]) {
    await page.getByRole('article').evaluateAll((cards, n) => cards.slice(n).forEach((card) => card.remove()), keep);
    const cards = await layout();
    expect(cards, `${keep} cards`).toHaveLength(keep);
    const expected = cards.map(() => [Math.round(cards[0]!.width), false]);
    expect(
      cards.map((card) => [Math.round(card.width), card.beside]),
      `${keep} cards`,
    ).toEqual(expected);
  }
  // A filter that leaves one study: that card spans the row too (on a fresh page: React's list lost two nodes above).
  await page.reload();
  await page.getByRole('button', { name: 'AI Agent Services' }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  const [only] = await layout();
  const grid = await page.getByRole('article').evaluate((card) => card.parentElement!.getBoundingClientRect().width);
  expect(only!.width).toBeCloseTo(grid, 0);
  expect(only!.beside).toBe(true);
});

test('a case study without details shows its project overview', async ({ page }) => {
  await page.goto('/case-studies/brand-identity-refresh');
  await expect(page.getByRole('heading', { name: 'Project overview' })).toBeVisible();
  await expect(page.getByText('41% more first-time patients')).toBeVisible();
});

test('a detailed case study shows challenge, solution, key results and conclusion', async ({ page }) => {
  await page.goto('/case-studies/ecommerce-platform-redesign');
  for (const name of ['The challenge', 'Our solution', 'Key results', 'Conclusion']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
});

test('/demo redirects to /get-started', async ({ page }) => {
  await page.goto('/demo');
  await expect(page).toHaveURL(/\/get-started$/);
  await expect(page).toHaveTitle('Get Your Growth Plan | GrowthPath');
});

test('an app card links to /demo, which lands on the quiz', async ({ page }) => {
  await page.goto('/apps');
  await page.getByRole('link', { name: 'Request a demo: AI Sales Agent' }).click();
  await expect(page).toHaveURL(/\/get-started$/);
});
