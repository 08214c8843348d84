/// <reference types="vitest/config" />
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { build, loadEnv, minifySync, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { precompressDir } from './server/http/precompressed.js';
import { elsewhereClass, homeHash } from './src/app/prerender/homeHash.js';
import { lazyRoutesOf, preloadTable, routePreloadScript, type PreloadTable } from './src/app/prerender/routePreloads.js';
import { appStartScript, takeEntryTags } from './src/app/prerender/appStart.js';
import { fontsWhenDueScript, takeFontPreloads } from './src/app/prerender/fontsWhenDue.js';
import { leanHead } from './src/app/prerender/leanHead.js';
import { fallbackFontFaces } from './src/ui/fallbackFont.js';
import { outlineSvgText } from './scripts/outline-svg-text.js';
import { checkSharedChunks, planSharedChunks, type SharedChunk } from './src/app/prerender/chunkPlan.js';
import { earlyPressScript } from './src/lib/heldPresses.js';
import { DEMO_API_KEY, envText, sessionStorageKey } from './src/lib/auth/sessionKey.js';

/**
 * Fonts and images are referenced by their logical address (`/fonts/inter-….woff2`, `/images/logos/….svg`) in
 * index.html and in src/content, which stays plain data that the server can read too. The files live in
 * src/assets/<folder>; the build emits each folder as /assets/<folder>-<hash of the whole folder>/… and rewrites
 * every reference, so they are cached a year as immutable like the scripts
 * (docs/decisions/121-hashed-fonts-and-images.md). One hash per folder rather than per file: it repeats, so it costs
 * the scripts that name many images next to nothing once compressed. The dev server and the tests get the unhashed
 * source address.
 */
function hashedFontsAndImages(): Plugin {
  const folders = ['fonts', 'images'] as const;
  const reference = /(?<=['"(])\/(fonts|images)\/([\w./-]+?\.(?:woff2|svg|png|jpe?g|webp|avif))(?=['")])/g;
  const sourceDir = path.resolve(import.meta.dirname, 'src/assets');
  /** Each folder's files as the build emits them, by path in the folder: read once the build starts. */
  const contents = new Map<string, Map<string, Buffer>>();
  const hashes = new Map<string, string>();
  let build = false;

  function filesOf(folder: string): string[] {
    return readdirSync(path.join(sourceDir, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(path.join(sourceDir, folder), path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort();
  }
  /** A file as emitted: an SVG's text drawn as outlines of the site's font (scripts/outline-svg-text.ts). */
  async function emitted(folder: string, file: string): Promise<Buffer> {
    const source = await readFile(path.join(sourceDir, folder, file));
    return file.endsWith('.svg') ? Buffer.from(await outlineSvgText(source.toString('utf8'))) : source;
  }
  // Of what is emitted, so that an outline that changes (its font, say) changes the folder's address too.
  function hashOf(folder: string): string {
    let hash = hashes.get(folder);
    if (!hash) {
      const digest = createHash('sha256');
      for (const [file, content] of contents.get(folder)!) digest.update(`${file}\0`).update(content);
      hash = digest.digest('base64url').slice(0, 8);
      hashes.set(folder, hash);
    }
    return hash;
  }
  const addressOf = (folder: string, file: string) =>
    build ? `/assets/${folder}-${hashOf(folder)}/${file}` : `/src/assets/${folder}/${file}`;
  const rewrite = (code: string) => code.replace(reference, (_match, folder: string, file: string) => addressOf(folder, file));

  return {
    name: 'hashed-fonts-and-images',
    configResolved(config) {
      build = config.command === 'build';
    },
    async buildStart() {
      if (!build) return;
      for (const folder of folders) {
        const files = filesOf(folder);
        const emittedFiles = await Promise.all(files.map((file) => emitted(folder, file)));
        contents.set(folder, new Map(files.map((file, index) => [file, emittedFiles[index]!])));
      }
    },
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.(ts|tsx)$/.test(id) || !reference.test(code)) return null;
      reference.lastIndex = 0;
      return { code: rewrite(code), map: null };
    },
    transformIndexHtml: { order: 'post', handler: (html) => rewrite(html) },
    generateBundle() {
      // Every file of each folder (index.html's references are rewritten only after this hook runs).
      for (const folder of folders) {
        for (const [file, source] of contents.get(folder)!) {
          this.emitFile({ type: 'asset', fileName: addressOf(folder, file).slice(1), source });
        }
      }
    },
  };
}

/**
 * After the browser build: renders the home page on the server side (src/app/prerender/render.tsx, built by a second,
 * SSR build of the same config) into dist/index.html, with its styles and a tiny inline script that hides it before
 * the first paint when the hash names another route (docs/decisions/135-component-routes-and-prerendered-home.md);
 * then writes Brotli (quality 11) and gzip copies beside every text file of the build, public files included, served
 * by server/http/staticSite.ts (docs/decisions/120-precompressed-static-assets.md). The server allows the inline
 * script by its hash (server/http/inlineScripts.ts).
 */
function prerenderHomeThenPrecompress(): Plugin {
  let config: ResolvedConfig;
  let routePreloadsFile: string | undefined;
  let bundleFailed = false;
  return {
    name: 'prerender-home-then-precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      try {
        checkSharedChunks(Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk'));
        // A file of its own rather than inline: only a visit to another page than home needs it, and every byte of
        // index.html counts (docs/decisions/156-home-paints-before-its-code.md).
        const preloads = routePreloadTable(config.root, Object.values(bundle));
        const source = minifiedScript(routePreloadScript(preloads, config.base));
        routePreloadsFile = this.getFileName(this.emitFile({ type: 'asset', name: 'route-preloads.js', source }));
      } catch (error) {
        bundleFailed = true;
        throw error;
      }
    },
    renderError() {
      bundleFailed = true;
    },
    async closeBundle(error?: Error) {
      // Rolldown calls closeBundle after a failed build too, without the error: the error is the one to show.
      if (error || bundleFailed) return;
      if (!routePreloadsFile) throw new Error('route preloads: the bundle was never generated');
      const outDir = path.resolve(config.root, config.build.outDir);
      await prerenderHome(config, path.join(outDir, 'index.html'), `${config.base}${routePreloadsFile}`);
      await precompressDir(outDir);
    },
  };
}

/**
 * Each lazy page's chunks, from the bundle's chunk graph: the page's own chunk and its static imports, recursively,
 * less what the entry loads anyway (docs/decisions/151-route-preloads.md).
 */
type OutputChunk = Rollup.OutputChunk;

function routePreloadTable(root: string, outputs: ReadonlyArray<{ type: string }>): PreloadTable {
  const chunks = outputs.filter((output): output is OutputChunk => output.type === 'chunk');
  const importsOf = new Map(chunks.map((chunk) => [chunk.fileName, chunk.imports]));
  const closure = (file: string, into = new Set<string>()): Set<string> => {
    if (into.has(file)) return into;
    into.add(file);
    for (const imported of importsOf.get(file) ?? []) closure(imported, into);
    return into;
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('route preloads: no entry chunk');
  const byModule = new Map(chunks.filter((chunk) => chunk.facadeModuleId).map((chunk) => [chunk.facadeModuleId!, chunk.fileName]));
  const routesFile = path.join(root, 'src/app/routes.tsx');
  const chunksOf = (specifier: string) => {
    const module = path.resolve(path.dirname(routesFile), specifier);
    const file = byModule.get(`${module}.tsx`) ?? byModule.get(`${module}.ts`);
    return file ? [...closure(file)] : undefined;
  };
  return preloadTable(lazyRoutesOf(readFileSync(routesFile, 'utf8')), chunksOf, closure(entry.fileName));
}

/**
 * The script that runs before the first paint; its hash is what the CSP allows. It takes the prerendered page out
 * when this visitor will not get it: the hash names another route, or someone is signed in in this browser (their
 * header differs; main.tsx renders afresh for them too, by the same two tests).
 */
export function notThisPageScript(sessionKey: string): string {
  return (
    `(function(){var s;try{s=localStorage.getItem(${JSON.stringify(sessionKey)})}catch(e){}` +
    `if(s||!${homeHash.toString()}.test(location.hash))document.documentElement.classList.add(${JSON.stringify(elsewhereClass)})})()`
  );
}

/**
 * The scripts the build writes itself carry functions by their source (so the unit tests run the same code), as the
 * TypeScript compiler left it: indented and with long names. Minified like the bundle; a syntax error fails the build.
 */
function minifiedScript(source: string): string {
  const { code, errors } = minifySync('inline.js', source);
  if (errors.length > 0) throw new Error(`minifying a build script: ${errors.map((error) => error.message).join('; ')}`);
  return code.trim();
}

/**
 * The home page's code starts at the latest this long after the parse, should `load` be held up (a slow image), and
 * this long after `load` when the first screen's paint is not reported meanwhile (src/app/prerender/appStart.ts).
 */
const appStartTimes = { latestMs: 5000, settleMs: 1000 };

async function prerenderHome(config: ResolvedConfig, indexFile: string, routePreloads: string): Promise<void> {
  // Inside the project, so the externalised packages resolve from its node_modules; one per process.
  const ssrDir = path.join(config.root, `.prerender-${process.pid}`);
  try {
    await build({
      configFile: config.configFile,
      mode: config.mode,
      logLevel: 'warn',
      // styled-components' package has no "exports": Node would load the CommonJS build, whose default export is not
      // `styled`. lucide-react is bundled so that the prerendered icons go through lucideWithoutDefaultClasses.
      ssr: { noExternal: ['styled-components', 'lucide-react'] },
      build: {
        ssr: 'src/app/prerender/render.tsx',
        outDir: ssrDir,
        emptyOutDir: true,
        rollupOptions: { output: { entryFileNames: 'render.mjs' } },
      },
    });
    const { renderHome } = (await import(pathToFileURL(path.join(ssrDir, 'render.mjs')).href)) as {
      renderHome: () => Promise<{ html: string; styleTags: string }>;
    };
    const { html, styleTags } = await renderHome();
    // React writes this marker where rendering threw and leaves the boundary to the browser: a failed prerender.
    const failed = /<template data-msg="([^"]*)"/.exec(html) ?? (html.includes('<!--$!-->') ? ['', 'a boundary fell back'] : null);
    if (failed) throw new Error(`prerender: the home page did not render: ${failed[1]}`);
    // Vite's entry tags come out: the head script adds them when due (src/app/prerender/appStart.ts).
    const { html: withFontPreloads, entry, modules } = takeEntryTags(await readFile(indexFile, 'utf8'));
    const { html: page, preloads: fontPreloads } = takeFontPreloads(withFontPreloads);
    const root = '<div id="root"></div>';
    if (!page.includes(root) || !page.includes('</head>')) throw new Error(`prerender: no empty ${root} in ${indexFile}`);
    // display:none, not visibility:hidden: a hidden but laid-out home page cost every other page's first load its
    // style and layout (measured on /#/pricing at CPU x4: layout 374-681 ms -> 194-207 ms, style 201-407 -> 125-158).
    // With the faces that stand in for the web fonts until they arrive (src/ui/fallbackFont.ts): outside the fonts'
    // own style element, which the quiz switches off until its first paint.
    const headStyle = `<style>.${elsewhereClass} #root{display:none}${fallbackFontFaces}</style>`;
    // The key Firebase keeps the signed-in user under, for the API key this build was made with.
    const sessionKey = sessionStorageKey(envText(loadEnv(config.mode, config.root, 'VITE_').VITE_FIREBASE_API_KEY) ?? DEMO_API_KEY);
    // One inline script (one hash in every page's CSP header), in this order: whether the prerendered page is this
    // visitor's, when the fonts load, the recorder of early presses, then when the app's code starts.
    const fonts = fontsWhenDueScript({
      styleId: 'fonts',
      preloads: fontPreloads,
      homeHash: homeHash.source,
      seenKey: 'fonts-seen',
      latestMs: 4000,
    });
    const appStart = appStartScript({ entry, modules, routePreloads, elsewhereClass, homeHash: homeHash.source, ...appStartTimes });
    const headScript = minifiedScript([notThisPageScript(sessionKey), fonts, earlyPressScript(), appStart].join(';'));
    const headEnd = `    <script>${headScript}</script>\n    ${headStyle}\n    ${styleTags}\n  </head>`;
    // Replaced by functions: a replacement string would read `$'`, `$&` in the scripts or the markup as patterns.
    const built = page.replace('</head>', () => headEnd).replace(root, () => `<div id="root">${html}</div>`);
    await writeFile(indexFile, leanHead(built));
  } finally {
    await rm(ssrDir, { recursive: true, force: true });
  }
}

/**
 * The development server serves index.html as written, without the build's prerender: this gives it the faces that
 * stand in for the web fonts until they arrive (src/ui/fallbackFont.ts), so text waiting for them is drawn there as
 * in a build, not in the system font.
 */
function fallbackFontInDevelopment(): Plugin {
  return {
    name: 'fallback-font-in-development',
    apply: 'serve',
    transformIndexHtml: () => [{ tag: 'style', children: fallbackFontFaces, injectTo: 'head' }],
  };
}

/**
 * lucide-react writes `class="lucide lucide-<name> lucide-<alias>"` on every icon. Nothing styles by those names, and
 * on the prerendered home page's 80 icons they came to 2.6 kB of markup (146 bytes of Brotli), in the page that must
 * fit the first round trip (docs/decisions/166-fallback-font-sized-to-the-web-fonts.md). The library's builder has the
 * switch (`includeDefaultClasses`); its React component does not pass it, so this passes it. A class given to an icon
 * is still written. The build stops if the line it looks for is gone (another version of the package).
 */
function lucideWithoutDefaultClasses(): Plugin {
  const anchor = 'hasA11yProp: hasAccessibleProp,';
  return {
    name: 'lucide-without-default-classes',
    apply: 'build',
    transform(code, id) {
      if (!id.split('?')[0]!.endsWith('/node_modules/lucide-react/dist/esm/Icon.mjs')) return null;
      if (!code.includes(anchor)) this.error(`lucide-react's Icon.mjs no longer has "${anchor}": see vite.config.ts`);
      return { code: code.replace(anchor, `${anchor} includeDefaultClasses: false,`), map: null };
    },
  };
}

/**
 * Every source file that imports `styled` gets, in its place, src/ui/styledWithIds.ts's wrapper keyed by the file's
 * path: component ids (and so class names) no longer depend on the order in which modules ran, which the prerendered
 * home page needs once part of it hydrates from a chunk loaded later (docs/performance-home.md). One line in for one
 * line out, so line numbers stay.
 */
function styledComponentIds(): Plugin {
  const helper = path.resolve(import.meta.dirname, 'src/ui/styledWithIds.ts');
  const importStyled = /^import styled((?:, \{[^}]*\})?) from 'styled-components';$/m;
  return {
    name: 'styled-component-ids',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!file.startsWith(path.resolve(import.meta.dirname, 'src') + path.sep) || !/\.tsx?$/.test(file)) return null;
      const match = importStyled.exec(code);
      if (!match) return null;
      const relative = path
        .relative(import.meta.dirname, file)
        .split(path.sep)
        .join('/');
      const key = createHash('sha256').update(relative).digest('hex').slice(0, 6);
      const line =
        `import __styled${match[1]} from 'styled-components'; import { styledWithIds as __styledWithIds } from ${JSON.stringify(helper)}; ` +
        `const styled = __styledWithIds(__styled, ${JSON.stringify(key)});`;
      return { code: code.replace(match[0], line), map: null };
    },
  };
}

const framework = /node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|styled-components|@emotion|stylis)\//;
const iconFactory = /node_modules\/lucide-react\/dist\/esm\/(createLucideIcon|Icon|defaultAttributes|context|shared\/)/;

/**
 * The shared chunk a module goes into, from the plan made at the first call of a build (Rolldown asks for every module
 * after the graph is complete). Each build loads this file afresh, the prerender's included.
 */
const sharedChunkOf = (() => {
  let plan: Map<string, SharedChunk> | undefined;
  return (id: string, context: { getModuleInfo: GetModuleInfo }): SharedChunk | null =>
    (plan ??= sharedChunkPlan((moduleId) => context.getModuleInfo(moduleId))).get(id) ?? null;
})();

type GetModuleInfo = (id: string) => Rollup.ModuleInfo | null;

function sharedChunkPlan(getModuleInfo: GetModuleInfo): Map<string, SharedChunk> {
  const entry = path.resolve(import.meta.dirname, 'src/app/main.tsx');
  // The prerender's build (render.tsx) has no such entry and no pages: nothing to plan.
  if (!getModuleInfo(entry)) return new Map();
  // Every lazily loaded module of the app (pages, lazy sections, the sign-in code), found by following all imports.
  const pages = new Set<string>();
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = getModuleInfo(id);
    if (!info) continue;
    for (const lazy of info.dynamicallyImportedIds) if (lazy.includes('/src/')) pages.add(lazy);
    stack.push(...info.importedIds, ...info.dynamicallyImportedIds);
  }
  return planSharedChunks(
    { importedIds: (id) => getModuleInfo(id)?.importedIds ?? [], code: (id) => getModuleInfo(id)?.code ?? null },
    {
      entry,
      pages: [...pages],
      // Loaded on any page: the sign-in code for a visitor signed in, the chat when opened.
      anyPage: ['src/lib/auth/runtime.ts', 'src/features/chat/ChatWidget.tsx'].map((file) => path.resolve(import.meta.dirname, file)),
      funnelLibrary: /node_modules\/(xstate|zod)\//,
      barrel: { module: /node_modules\/lucide-react\/dist\/esm\/lucide-react\.mjs$/, specifier: 'lucide-react' },
    },
  );
}

export default defineConfig({
  plugins: [
    styledComponentIds(),
    react(),
    hashedFontsAndImages(),
    lucideWithoutDefaultClasses(),
    fallbackFontInDevelopment(),
    {
      // React Router publishes its development build (dev-only warnings compiled in) under every import condition;
      // its production build is the same code with them compiled out: 0.6 kB less gzip, no dev warnings in the
      // console. Only for `vite build`; every import of react-router resolves the same way, so there is one copy.
      name: 'react-router-production-build',
      apply: 'build',
      enforce: 'pre',
      async resolveId(source, importer, options) {
        if (source !== 'react-router' && !source.startsWith('react-router/')) return null;
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        if (!resolved?.id.includes('/react-router/dist/development/')) return resolved;
        return { ...resolved, id: resolved.id.replace('/react-router/dist/development/', '/react-router/dist/production/') };
      },
    },
    prerenderHomeThenPrecompress(),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // Every browser the site supports preloads modules natively; the polyfill would only add bytes to the entry.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // The fonts' and images' logical addresses (`/fonts/….woff2` in index.html's font faces) are rewritten by
      // hashedFontsAndImages, not resolved by Vite: named here, its CSS step leaves them alone without a warning each.
      external: (id) => /^\/(fonts|images)\//.test(id),
      output: {
        codeSplitting: {
          groups: [
            {
              // The framework (React, React DOM, the router, styled-components and lucide's icon factory) in one
              // long-cached chunk: it changes far less often than the pages. One chunk rather than several, because on
              // a slow phone connection each extra file on the critical path costs a round trip (measured with
              // `npm run bench`: about 0.1 s earlier FCP/LCP than separate react and styles chunks, and 1 kB less gzip).
              name: 'vendor',
              priority: 2,
              test: (id) => framework.test(id) || iconFactory.test(id),
            },
            {
              // What two or more lazily loaded modules share, in three chunks rather than one per set of them
              // (docs/decisions/162-shared-chunks.md). Dependencies are not pulled in with a module: the plan names
              // each one (and checks that a planned module's imports are planned or in the entry), so what it leaves
              // out stays where it is: the entry's modules in the entry.
              debugName: 'shared chunks',
              name: (id, context) => sharedChunkOf(id, context),
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  // `npm run dev` runs the API beside Vite (scripts/start.ts) and Vite forwards /api to it.
  server: {
    proxy: {
      // changeOrigin false: the API sees the Host the browser used, which its cross-site check compares with Origin
      // (server/http/crossSite.ts). Vite's shorthand would rewrite Host to the API's own address.
      '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? '8787'}`, changeOrigin: false },
    },
  },
  preview: { port: 8080 },
  test: {
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/model/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup.ts'],
          css: false,
          // A model-based path renders a whole funnel step by step: seconds each when the 2 cores are shared.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // One embedded database per file is slow to create; files run one at a time to stay inside 2 cores.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
