import { expect, test } from '@playwright/test';
import { privatePaths, publicPaths } from '../../src/content/sitePages';

/**
 * What a search engine or a link preview reads, without running JavaScript
 * (docs/decisions/186-real-urls-and-prerendered-pages.md): every page of the sitemap answers a plain GET with its
 * whole content and its own tags; an unknown address answers 404; old hash links land on their pages.
 */

const tag = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const metaContent = (html: string, key: string) =>
  tag(html, new RegExp(`<meta (?:name|property)="${key.replace(':', '\\:')}" content="([^"]*)"`));

test('every page of the sitemap is served whole, with its own title, description, canonical address and preview tags', async ({
  request,
}) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  expect(locations.map((location) => new URL(location).pathname)).toEqual(publicPaths);

  const titles = new Set<string>();
  const descriptions = new Set<string>();
  const images = new Set<string>();
  const types = new Set<string>();
  for (const location of locations) {
    const { pathname } = new URL(location);
    const response = await request.get(pathname);
    expect(response.status(), pathname).toBe(200);
    expect(response.headers()['content-type'], pathname).toMatch(/^text\/html/);
    const html = await response.text();
    expect(tag(html, /<h1[^>]*>([\s\S]*?)<\/h1>/)?.length, `${pathname} has an h1`).toBeGreaterThan(3);
    const title = tag(html, /<title>([^<]+)<\/title>/);
    const description = metaContent(html, 'description');
    expect(title, pathname).toBeTruthy();
    expect(description?.length, pathname).toBeGreaterThan(40);
    titles.add(title!);
    descriptions.add(description!);
    expect(tag(html, /<link rel="canonical" href="([^"]+)"/), pathname).toBe(location);
    expect(metaContent(html, 'og:url'), pathname).toBe(location);
    expect(metaContent(html, 'og:title'), pathname).toBe(title);
    expect(metaContent(html, 'og:description'), pathname).toBe(description);
    expect(metaContent(html, 'twitter:card'), pathname).toBe('summary_large_image');
    expect(metaContent(html, 'robots'), pathname).toBeUndefined();
    // Its own preview picture, a PNG of 1200 x 630, served here.
    const image = metaContent(html, 'og:image')!;
    expect(metaContent(html, 'twitter:image'), pathname).toBe(image);
    expect(images.has(image), `${pathname} shares its picture with another page`).toBe(false);
    images.add(image);
    const png = await request.get(new URL(image).pathname);
    expect(png.headers()['content-type'], image).toBe('image/png');
    const bytes = await png.body();
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], image).toEqual([1200, 630]);
    // Structured data that parses, each claiming a schema.org type (tests/unit/structured-data.test.ts checks them).
    for (const [, json] of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
      const data = JSON.parse(json!) as { '@context': string; '@type': string };
      expect(data['@context'], pathname).toBe('https://schema.org');
      expect(data['@type'], pathname).toMatch(/^[A-Z]\w+$/);
      types.add(data['@type']);
    }
  }
  expect([...types].sort()).toEqual(['Article', 'BreadcrumbList', 'FAQPage', 'OfferCatalog', 'ProfessionalService', 'WebSite']);
  expect(titles.size).toBe(locations.length);
  expect(descriptions.size).toBe(locations.length);
});

test('an unknown address answers 404 with the not-found page', async ({ request }) => {
  // A page's file by its own name is no address of the site either (issue 47).
  for (const path of ['/no/such/page', '/legal/cookies', '/case-studies/no-such-study', '/404', '/404/index.html', '/pricing/index.html']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    const html = await response.text();
    expect(html, path).toContain('Page Not Found');
    expect(metaContent(html, 'robots'), path).toBe('noindex');
  }
  // A missing file keeps the API's JSON answer.
  const asset = await request.get('/assets/no-such-file.js');
  expect(asset.status()).toBe(404);
  expect(asset.headers()['content-type']).toMatch(/json/);
});

test('a page address with a trailing slash moves to the one without, keeping its query', async ({ request }) => {
  const response = await request.get('/pricing/?plan=growth', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe('/pricing?plan=growth');
});

test('the private and funnel pages are served the app’s shell, kept out of search engines', async ({ request }) => {
  for (const path of privatePaths) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).toContain('<header');
    // Said in the served file, for a crawler that runs no script (issue 47).
    expect(metaContent(html, 'robots'), path).toBe('noindex');
  }
  const robots = await (await request.get('/robots.txt')).text();
  for (const path of ['/dashboard', '/admin', '/payment', '/report', '/api/']) expect(robots).toContain(`Disallow: ${path}\n`);
  expect(robots).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
});

/** Every route of SPEC §2 as an old hash link, with a query where the site uses one, and where it ends. */
const hashLinks: { old: string; lands: string | RegExp }[] = [
  { old: '/#/', lands: '/' },
  ...publicPaths.filter((path) => path !== '/').map((path) => ({ old: `/#${path}`, lands: path })),
  { old: '/#/pricing?plan=launchpad', lands: '/pricing?plan=launchpad' },
  { old: '/#/signin?view=signup', lands: '/signin?view=signup' },
  { old: '/#/signin?redirect=/dashboard', lands: '/signin?redirect=/dashboard' },
  { old: '/#/get-started', lands: '/get-started' },
  { old: '/#/demo', lands: '/get-started' },
  { old: '/#/payment?plan=growth', lands: /\/(payment|signin)\?/ },
  { old: '/#/report?lang=en', lands: /\/(report|get-started)/ },
  { old: '/#/dashboard', lands: '/signin?redirect=/dashboard' },
  { old: '/#/admin', lands: /\/(admin|signin)/ },
  { old: '/#/no-such-page', lands: '/no-such-page' },
];

test('every old hash link lands on its page’s own address', async ({ page, baseURL }) => {
  for (const { old, lands } of hashLinks) {
    // A link followed from elsewhere loads the page afresh; from the same document a goto would only change the hash.
    await page.goto('about:blank');
    await page.goto(old);
    if (typeof lands === 'string') await expect(page, old).toHaveURL(`${baseURL}${lands}`);
    else await expect(page, old).toHaveURL(lands);
    await expect(page.getByRole('heading', { level: 1 }), old).toBeVisible();
  }
});
