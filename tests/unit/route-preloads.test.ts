import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  filesForHash,
  lazyRoutesOf,
  linksPerTask,
  preloadTable,
  routePathOf,
  routePreloadScript,
  type PreloadTable,
} from '../../src/app/prerender/routePreloads';

/** Route-aware preloading (docs/decisions/151-route-preloads.md): which chunks a direct visit to a route asks for. */

const routesSource = readFileSync(path.join(process.cwd(), 'src/app/routes.tsx'), 'utf8');

describe('lazyRoutesOf', () => {
  it('finds every lazy page of routes.tsx with its route pattern', () => {
    const routes = lazyRoutesOf(routesSource);
    const byPattern = Object.fromEntries(routes.map((route) => [route.pattern, route.specifier]));
    expect(byPattern).toMatchObject({
      pricing: '../features/pricing/PricingPage',
      contact: '../features/contact/ContactPage',
      'case-studies': '../features/case-studies/CaseStudiesPage',
      'case-studies/:slug': '../features/case-studies/CaseStudyPage',
      'legal/:slug': '../features/legal/LegalPage',
      payment: '../features/payment/PaymentPage',
      'get-started': '../features/quiz/QuizPage',
      '*': '../features/not-found/NotFoundPage',
    });
    // Home is in the first bundle and /demo is a redirect: neither has chunks of its own.
    expect(routes.map((route) => route.pattern)).not.toContain('demo');
    expect(routes).toHaveLength(16);
  });

  it('fails loudly when a lazy page has no route, so a reshaped routes.tsx cannot drop preloads silently', () => {
    const source = `${routesSource}\nconst OrphanPage = page(() => import('../features/orphan/OrphanPage'), 'OrphanPage');`;
    expect(() => lazyRoutesOf(source)).toThrow(/OrphanPage/);
    // A declaration in another shape (double quotes, wrapped) is counted, not skipped.
    const reshaped = `${routesSource}\nconst OddPage = page(\n  () => import("../features/odd/OddPage"),\n  'OddPage',\n);`;
    expect(() => lazyRoutesOf(reshaped)).toThrow(/declares 17 lazy pages, 16/);
    expect(() => lazyRoutesOf('export const nothing = 1;')).toThrow(/no lazy page/);
  });
});

describe('preloadTable', () => {
  const chunks: Record<string, string[]> = {
    './Pricing': ['assets/Pricing.js', 'assets/vendor.js', 'assets/plans.js'],
    './Contact': ['assets/Contact.js', 'assets/plans.js', 'assets/schemas.js'],
  };
  const routes = [
    { pattern: 'pricing', specifier: './Pricing' },
    { pattern: 'contact', specifier: './Contact' },
  ];

  it('lists each file once and leaves out what index.html loads already', () => {
    const table = preloadTable(routes, (specifier) => chunks[specifier], new Set(['assets/vendor.js']));
    expect(table.files).toEqual(['assets/Pricing.js', 'assets/plans.js', 'assets/Contact.js', 'assets/schemas.js']);
    expect(table.routes).toEqual({ pricing: [0, 1], contact: [2, 1, 3] });
  });

  it('refuses a page the bundle has no chunk for', () => {
    expect(() => preloadTable([{ pattern: 'gone', specifier: './Gone' }], () => undefined, new Set())).toThrow(/Gone/);
  });
});

describe('the route a hash names', () => {
  const table: PreloadTable = {
    files: ['a.js', 'b.js', 'c.js', 'd.js', 'e.js'],
    routes: { pricing: [0], 'case-studies': [1], 'case-studies/:slug': [2], 'legal/:slug': [3], '*': [4] },
  };

  it('reads the path as React Router does', () => {
    expect(routePathOf('#/pricing')).toBe('pricing');
    expect(routePathOf('#/payment?plan=growth')).toBe('payment');
    expect(routePathOf('#/case-studies/shop/')).toBe('case-studies/shop');
    expect(routePathOf('')).toBe('');
    expect(routePathOf('#/')).toBe('');
  });

  it('picks exact routes, then routes with parameters, then the 404 page; home needs nothing', () => {
    expect(filesForHash(table, '#/pricing', routePathOf)).toEqual(['a.js']);
    expect(filesForHash(table, '#/case-studies', routePathOf)).toEqual(['b.js']);
    expect(filesForHash(table, '#/case-studies/brand-refresh', routePathOf)).toEqual(['c.js']);
    expect(filesForHash(table, '#/legal/terms?x=1', routePathOf)).toEqual(['d.js']);
    expect(filesForHash(table, '#/no/such/page', routePathOf)).toEqual(['e.js']);
    expect(filesForHash(table, '', routePathOf)).toEqual([]);
    expect(filesForHash(table, '#/?utm=x', routePathOf)).toEqual([]);
    // As React Router matches: without regard to case. Names of Object's own properties are no routes.
    expect(filesForHash(table, '#/Pricing', routePathOf)).toEqual(['a.js']);
    expect(filesForHash(table, '#/constructor', routePathOf)).toEqual(['e.js']);
    expect(filesForHash(table, '#/__proto__', routePathOf)).toEqual(['e.js']);
  });

  it('the inline script adds one module preload per file of the current route', () => {
    const script = routePreloadScript(table, '/');
    window.location.hash = '#/case-studies/brand-refresh';
    document.head.innerHTML = '';
    new Function(script)();
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((link) => [link.rel, link.getAttribute('href'), link.getAttribute('crossorigin')])).toEqual([
      ['modulepreload', '/c.js', ''],
    ]);
    window.location.hash = '';
  });

  it(`adds a long route's preloads ${linksPerTask} per task, so that no task of the page's busiest moments is long`, async () => {
    vi.useFakeTimers();
    const files = Array.from({ length: linksPerTask * 2 + 1 }, (_, index) => `chunk-${index}.js`);
    const script = routePreloadScript({ files, routes: { payment: files.map((_, index) => index) } }, '/');
    window.location.hash = '#/payment';
    document.head.innerHTML = '';
    try {
      new Function(script)();
      const hrefs = () => [...document.head.querySelectorAll('link')].map((link) => link.getAttribute('href'));
      expect(hrefs()).toEqual(files.slice(0, linksPerTask).map((file) => `/${file}`));
      await vi.advanceTimersToNextTimerAsync();
      expect(hrefs()).toEqual(files.slice(0, linksPerTask * 2).map((file) => `/${file}`));
      await vi.runAllTimersAsync();
      expect(hrefs()).toEqual(files.map((file) => `/${file}`));
    } finally {
      vi.useRealTimers();
      window.location.hash = '';
    }
  });
});
