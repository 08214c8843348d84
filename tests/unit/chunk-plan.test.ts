import { describe, expect, it } from 'vitest';
import {
  checkSharedChunks,
  namesImportedFrom,
  planSharedChunks,
  reexportsOf,
  type ChunkPlanOptions,
  type ModuleGraph,
} from '../../src/app/prerender/chunkPlan';

/** Which chunk the code pages share goes into (docs/decisions/162-shared-chunks.md). */

const barrel = '/nm/icons/dist/esm/icons.mjs';
const icon = (name: string) => `/nm/icons/dist/esm/icons/${name}.mjs`;
const xstate = '/nm/xstate/dist/xstate.mjs';
const zod = '/nm/zod/index.mjs';

/** A small app: the entry with its header; two content pages; three funnel pages (one reaching only zod). */
const modules: Record<string, { imports: string[]; code?: string }> = {
  '/src/main.tsx': { imports: ['/src/ui/theme.ts', '/src/layout/Header.tsx'] },
  '/src/layout/Header.tsx': { imports: ['/src/ui/theme.ts', barrel], code: `import { Menu } from "icons";` },
  '/src/ui/theme.ts': { imports: [] },
  [barrel]: {
    imports: [icon('menu'), icon('check'), icon('send'), icon('log-in')],
    code: [
      `export { default as Menu, default as MenuIcon } from './icons/menu.mjs';`,
      `export { default as Check } from './icons/check.mjs';`,
      `export { default as Send } from './icons/send.mjs';`,
      `export { default as LogIn, default as LucideLogIn } from './icons/log-in.mjs';`,
    ].join('\n'),
  },
  ...Object.fromEntries(['menu', 'check', 'send', 'log-in'].map((name) => [icon(name), { imports: [] }])),
  '/src/features/about/AboutPage.tsx': {
    imports: ['/src/ui/PageHero.tsx', '/src/ui/theme.ts', barrel],
    code: `import { Check as Tick, Menu } from "icons";`,
  },
  '/src/features/pricing/PricingPage.tsx': { imports: ['/src/ui/PageHero.tsx', '/src/domain/money.ts'] },
  '/src/ui/PageHero.tsx': { imports: ['/src/ui/theme.ts'] },
  '/src/domain/money.ts': { imports: [] },
  '/src/features/payment/PaymentPage.tsx': {
    imports: ['/src/domain/money.ts', '/src/domain/schemas.ts', '/src/features/payment/Sandbox.tsx', barrel],
    code: `import { Check, LogIn } from "icons";`,
  },
  '/src/features/payment/Sandbox.tsx': { imports: [] },
  '/src/features/contact/ContactPage.tsx': {
    imports: ['/src/domain/schemas.ts', '/src/lib/http.ts', barrel],
    code: `import { Send } from 'icons';`,
  },
  '/src/features/chat/ChatWidget.tsx': { imports: ['/src/lib/http.ts', xstate, barrel], code: `import { Send } from "icons";` },
  // The sign-in code: loaded on any page; imports the Firebase adapter, itself lazily loaded elsewhere (payment).
  '/src/lib/auth/runtime.ts': { imports: [xstate, '/src/lib/http.ts', '/src/domain/money.ts', '/src/lib/firebase.ts'] },
  '/src/lib/firebase.ts': { imports: ['/nm/firebase/auth.mjs'] },
  '/nm/firebase/auth.mjs': { imports: [] },
  '/src/domain/schemas.ts': { imports: [zod] },
  '/src/lib/http.ts': { imports: [zod] },
  [zod]: { imports: [] },
  [xstate]: { imports: [] },
};

const graph: ModuleGraph = {
  importedIds: (id) => modules[id]?.imports ?? [],
  code: (id) => modules[id]?.code ?? null,
};

const options: ChunkPlanOptions = {
  entry: '/src/main.tsx',
  pages: [
    '/src/features/about/AboutPage.tsx',
    '/src/features/pricing/PricingPage.tsx',
    '/src/features/payment/PaymentPage.tsx',
    '/src/features/contact/ContactPage.tsx',
    '/src/features/chat/ChatWidget.tsx',
    '/src/lib/auth/runtime.ts',
    '/src/lib/firebase.ts',
  ],
  anyPage: ['/src/lib/auth/runtime.ts'],
  funnelLibrary: /\/nm\/(xstate|zod)\//,
  barrel: { module: /\/nm\/icons\/dist\/esm\/icons\.mjs$/, specifier: 'icons' },
};

describe('planSharedChunks', () => {
  const plan = planSharedChunks(graph, options);

  it('puts what a content page shares in `shared`, what the sign-in code shares with funnels in `core`, the rest of what funnels share in `funnels`', () => {
    expect(plan.get('/src/ui/PageHero.tsx')).toBe('shared'); // about, pricing
    expect(plan.get('/src/domain/money.ts')).toBe('shared'); // pricing (content), payment, the sign-in code
    expect(plan.get('/src/lib/http.ts')).toBe('core'); // contact, chat, the sign-in code
    expect(plan.get(xstate)).toBe('core'); // chat, the sign-in code
    expect(plan.get('/src/domain/schemas.ts')).toBe('funnels'); // payment, contact
    expect(plan.get(zod)).toBe('core'); // through http
  });

  it('leaves what a lazily loaded module imports to its own chunk, even when another lazy module imports it', () => {
    // The sign-in code imports the Firebase adapter, which payment loads lazily: Firebase's SDK is the adapter's.
    expect(plan.has('/nm/firebase/auth.mjs')).toBe(false);
    expect(plan.has('/src/lib/firebase.ts')).toBe(false);
  });

  it('leaves out what one page alone uses, the pages themselves and everything the entry imports', () => {
    expect(plan.has('/src/features/payment/Sandbox.tsx')).toBe(false);
    for (const page of options.pages) expect(plan.has(page)).toBe(false);
    expect(plan.has('/src/ui/theme.ts')).toBe(false);
    expect(plan.has('/src/layout/Header.tsx')).toBe(false);
  });

  it('follows an icon set’s index to the icons named, not to every icon behind it', () => {
    expect(plan.get(icon('check'))).toBe('shared'); // about (as Tick), payment
    expect(plan.get(icon('send'))).toBe('funnels'); // contact, chat
    expect(plan.has(icon('log-in'))).toBe(false); // payment alone
    expect(plan.has(icon('menu'))).toBe(false); // the header's: stays in the entry although about imports it too
    expect(plan.has(barrel)).toBe(false);
  });

  it('never lets `shared` need the others: nothing in `shared` reaches XState or zod', () => {
    const reaches = (id: string, seen = new Set<string>()): boolean => {
      if (seen.has(id)) return false;
      seen.add(id);
      return options.funnelLibrary.test(id) || (modules[id]?.imports ?? []).some((next) => next !== barrel && reaches(next, seen));
    };
    const shared = [...plan].filter(([, chunk]) => chunk === 'shared').map(([id]) => id);
    expect(shared.length).toBeGreaterThan(0);
    for (const id of shared) expect(reaches(id), id).toBe(false);
  });

  it('fails the build when a name taken from an icon set is not among its re-exports', () => {
    const broken: ModuleGraph = {
      ...graph,
      code: (id) => (id === '/src/features/contact/ContactPage.tsx' ? `import { Sned } from "icons";` : graph.code(id)),
    };
    expect(() => planSharedChunks(broken, options)).toThrow(/Sned/);
  });

  it('plans what a planned module imports along with it (the bundler is told not to follow imports)', () => {
    const hidden: ModuleGraph = {
      ...graph,
      importedIds: (id) => (id === '/src/ui/PageHero.tsx' ? [...graph.importedIds(id), '/src/lib/orphan.ts'] : graph.importedIds(id)),
    };
    const orphanOnlyThroughHero = planSharedChunks(hidden, options);
    expect(orphanOnlyThroughHero.get('/src/lib/orphan.ts')).toBe('shared'); // reached by both pages that reach the hero
  });

  it('fails the build when a module named as loaded on any page is not lazily loaded (a renamed file)', () => {
    expect(() => planSharedChunks(graph, { ...options, anyPage: ['/src/lib/auth/renamed.ts'] })).toThrow(
      /renamed\.ts is not lazily loaded/,
    );
  });

  it('counts every module behind an icon set imported other than by name', () => {
    const star: ModuleGraph = {
      ...graph,
      code: (id) => (id === '/src/features/pricing/PricingPage.tsx' ? `import * as icons from "icons";` : graph.code(id)),
      importedIds: (id) => (id === '/src/features/pricing/PricingPage.tsx' ? [...graph.importedIds(id), barrel] : graph.importedIds(id)),
    };
    const withStar = planSharedChunks(star, options);
    expect(withStar.get(icon('log-in'))).toBe('shared'); // pricing (all of them), payment
  });
});

describe('the parsers', () => {
  it('reads re-exports and their aliases', () => {
    const names = reexportsOf(modules[barrel]!.code!);
    expect(names.get('MenuIcon')).toBe('./icons/menu.mjs');
    expect(names.get('LucideLogIn')).toBe('./icons/log-in.mjs');
    expect(names.size).toBe(6);
  });

  it('reads the names a module imports from a package, under any local name and quoting', () => {
    const code = `import { A, B as C } from "pkg";\nimport {\n  D,\n} from 'pkg';\nimport { E } from "pkg-other";`;
    expect(namesImportedFrom(code, 'pkg')).toEqual(['A', 'B', 'D']);
  });
});

describe('checkSharedChunks', () => {
  const chunk = (fileName: string, imports: string[], isEntry = false) => ({
    fileName,
    name: fileName.replace(/-\w+\.js$/, ''),
    isEntry,
    imports,
  });

  it('passes the shape the plan makes', () => {
    const built = [
      chunk('index-a.js', ['vendor-b.js'], true),
      chunk('vendor-b.js', []),
      chunk('shared-c.js', ['vendor-b.js', 'index-a.js']),
      chunk('core-s.js', ['shared-c.js', 'index-a.js']),
      chunk('funnels-d.js', ['shared-c.js', 'core-s.js', 'index-a.js']),
      chunk('PaymentPage-e.js', ['shared-c.js', 'core-s.js', 'funnels-d.js']),
    ];
    expect(() => checkSharedChunks(built)).not.toThrow();
  });

  it('fails when the entry would reach a planned chunk, even through another chunk', () => {
    expect(() => checkSharedChunks([chunk('index-a.js', ['shared-c.js'], true), chunk('shared-c.js', [])])).toThrow(
      /entry index-a\.js reaches shared/,
    );
    const through = [chunk('index-a.js', ['vendor-b.js'], true), chunk('vendor-b.js', ['core-s.js']), chunk('core-s.js', [])];
    expect(() => checkSharedChunks(through)).toThrow(/entry index-a\.js reaches core/);
  });

  it('fails when `shared` would reach `core` or `funnels`, or `core` would reach `funnels`', () => {
    expect(() => checkSharedChunks([chunk('shared-c.js', ['funnels-d.js']), chunk('funnels-d.js', [])])).toThrow(
      /shared-c\.js reaches funnels/,
    );
    expect(() => checkSharedChunks([chunk('shared-c.js', ['core-s.js']), chunk('core-s.js', [])])).toThrow(/shared-c\.js reaches core/);
    expect(() => checkSharedChunks([chunk('core-s.js', ['funnels-d.js']), chunk('funnels-d.js', [])])).toThrow(
      /core-s\.js reaches funnels/,
    );
  });

  it('fails on chunks that import each other in a cycle', () => {
    const cycle = [chunk('funnels-d.js', ['PaymentPage-e.js']), chunk('PaymentPage-e.js', ['funnels-d.js'])];
    expect(() => checkSharedChunks(cycle)).toThrow(/cycle/);
  });
});
