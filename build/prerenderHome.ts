import { readFileSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, loadEnv, minifySync, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { precompressDir } from '../server/http/precompressed.js';
import { appStartScript, takeEntryTags } from '../src/app/prerender/appStart.js';
import { checkSharedChunks } from '../src/app/prerender/chunkPlan.js';
import { fontsWhenDueScript, takeFontPreloads } from '../src/app/prerender/fontsWhenDue.js';
import { elsewhereClass, homeHash } from '../src/app/prerender/homeHash.js';
import { leanHead } from '../src/app/prerender/leanHead.js';
import { lazyRoutesOf, preloadTable, routePreloadScript, type PreloadTable } from '../src/app/prerender/routePreloads.js';
import { DEMO_API_KEY, envText, sessionStorageKey } from '../src/lib/auth/sessionKey.js';
import { earlyPressScript } from '../src/lib/heldPresses.js';
import { fallbackFontFaces } from '../src/ui/fallbackFont.js';

type OutputChunk = Rollup.OutputChunk;

/**
 * After the browser build: renders the home page on the server side (src/app/prerender/render.tsx, built by a second,
 * SSR build of the same config) into dist/index.html, with its styles and a tiny inline script that hides it before
 * the first paint when the hash names another route (docs/decisions/135-component-routes-and-prerendered-home.md);
 * then writes Brotli (quality 11) and gzip copies beside every text file of the build, public files included, served
 * by server/http/staticSite.ts (docs/decisions/120-precompressed-static-assets.md). The server allows the inline
 * script by its hash (server/http/inlineScripts.ts).
 */
export function prerenderHomeThenPrecompress(): Plugin {
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
function notThisPageScript(sessionKey: string): string {
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
    // style and layout (docs/performance.md). With the faces that stand in for the web fonts until they arrive
    // (src/ui/fallbackFont.ts): outside the fonts' own style element, which the quiz switches off until its first paint.
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
