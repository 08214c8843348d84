/**
 * Route-aware preloading (docs/decisions/151-route-preloads.md). A visitor who arrives on `/#/contact` needs the
 * contact page's chunks, but the browser learns their names only after the entry and the framework have downloaded
 * and run, and then learns the next level (the form, the schemas) only after those ran: two or three round trips
 * one after another. The build knows every page's chunks. It writes them into index.html as a small table, and an
 * inline script in the head asks for the current route's chunks at once, beside the framework.
 *
 * Pure functions: build/prerenderHome.ts feeds them routes.tsx's source and the bundle's chunk graph.
 */

/** One lazily loaded page of routes.tsx: its route pattern (React Router's, no leading slash) and its module. */
export interface LazyRoute {
  pattern: string;
  /** The import specifier as written in routes.tsx, relative to it. */
  specifier: string;
}

/**
 * The lazy pages of routes.tsx, read from its source: `const X = page(() => import('…'), 'X')` gives a module per
 * component, `<Route path="…" element={<X />} />` a pattern per component. The legal pages' `legal/${slug}` becomes
 * `legal/:slug`; the catch-all `*` is kept as `*`. Throws when a lazy component has no route or the reverse, so a
 * change of routes.tsx's shape fails the build instead of silently dropping a page's preloads.
 */
export function lazyRoutesOf(routesSource: string): LazyRoute[] {
  const modules = new Map<string, string>();
  for (const match of routesSource.matchAll(/const (\w+) = page\(\(\) => import\('([^']+)'\), '\w+'\);/g)) {
    modules.set(match[1]!, match[2]!);
  }
  const routes: LazyRoute[] = [];
  const routed = new Set<string>();
  const routeTag = /<Route\s+(?:key=\{\w+\}\s+)?path=(?:"([^"]+)"|\{`([^`]+)`\})\s+element=\{<(\w+) \/>\}/g;
  for (const match of routesSource.matchAll(routeTag)) {
    const component = match[3]!;
    const specifier = modules.get(component);
    if (!specifier) continue; // not lazy: home, or a redirect
    const pattern = match[1] ?? match[2]!.replace(/\$\{(\w+)\}/g, ':$1');
    routes.push({ pattern, specifier });
    routed.add(component);
  }
  if (modules.size === 0) throw new Error('route preloads: no lazy page found in routes.tsx');
  // A page declared in another shape than the pattern above would be dropped silently: count the declarations.
  const declared = routesSource.match(/=\s*page\(/g)?.length ?? 0;
  if (declared !== modules.size) {
    throw new Error(`route preloads: routes.tsx declares ${declared} lazy pages, ${modules.size} of them in the shape this reads`);
  }
  const unrouted = [...modules.keys()].filter((component) => !routed.has(component));
  if (unrouted.length > 0) throw new Error(`route preloads: no <Route> found for ${unrouted.join(', ')} in routes.tsx`);
  return routes;
}

/** What the inline script reads: every file once, and for each route pattern the indexes of its files. */
export interface PreloadTable {
  files: string[];
  routes: Record<string, number[]>;
}

/**
 * For each route, the chunk files its page imports statically (the page's own chunk and everything it needs to
 * render), less those index.html already loads. `chunksOf(specifier)` answers that closure for one page, in load
 * order; a page the bundle does not know (undefined) is an error.
 */
export function preloadTable(
  routes: LazyRoute[],
  chunksOf: (specifier: string) => string[] | undefined,
  alreadyLoaded: ReadonlySet<string>,
): PreloadTable {
  const files: string[] = [];
  const table: PreloadTable = { files, routes: {} };
  for (const { pattern, specifier } of routes) {
    const chunks = chunksOf(specifier);
    if (!chunks) throw new Error(`route preloads: no chunk for ${specifier} (route ${pattern})`);
    table.routes[pattern] = chunks
      .filter((file) => !alreadyLoaded.has(file))
      .map((file) => {
        const known = files.indexOf(file);
        return known >= 0 ? known : files.push(file) - 1;
      });
  }
  return table;
}

/**
 * The path a hash route names, as React Router matches it: `#/case-studies/x?y` -> `case-studies/x`. A trailing
 * slash is dropped. Shared with the inline script, which carries this function's source.
 */
export function routePathOf(hash: string): string {
  return hash.replace(/^#\/?/, '').split('?')[0]!.replace(/\/+$/, '');
}

/**
 * Which files of the table the route of `hash` needs: an exact pattern first, then patterns with `:params`, then
 * the catch-all `*` (the 404 page). Home (an empty path) needs none: it is in the first bundle. Paths compare without
 * regard to case, as React Router's do. Shared with the inline script, which carries this function's source: it
 * names nothing from outside itself but its parameters (`pathOf` is `routePathOf`), so a bundler renaming a
 * function cannot break it.
 */
export function filesForHash(table: PreloadTable, hash: string, pathOf: (hash: string) => string): string[] {
  const path = pathOf(hash).toLowerCase();
  if (path === '') return [];
  const own = (pattern: string) => Object.prototype.hasOwnProperty.call(table.routes, pattern);
  let pattern = own(path) ? path : undefined;
  if (pattern === undefined) {
    for (const candidate of Object.keys(table.routes)) {
      if (candidate.indexOf(':') >= 0 && new RegExp('^' + candidate.replace(/:[^/]+/g, '[^/]+') + '$').test(path)) {
        pattern = candidate;
        break;
      }
    }
  }
  if (pattern === undefined) pattern = own('*') ? '*' : undefined;
  return pattern === undefined ? [] : table.routes[pattern]!.map((index) => table.files[index]!);
}

/**
 * The inline script: adds a `<link rel="modulepreload">` per file the current route needs (with `crossorigin`, as
 * Vite's own module preloads have, so the fetch is reused by the import). The two functions above are embedded by
 * their source, so the script and the tests run the same code (tests/e2e/prerender.spec.ts checks the built one).
 */
export function routePreloadScript(table: PreloadTable, base = '/'): string {
  return (
    `(function(){var t=${JSON.stringify(table)};` +
    `var routePathOf=${routePathOf.toString()};var filesForHash=${filesForHash.toString()};` +
    `var files=filesForHash(t,location.hash,routePathOf);` +
    `function add(from){files.slice(from,from+${linksPerTask}).forEach(function(f){var l=document.createElement('link');` +
    `l.rel='modulepreload';l.crossOrigin='';l.href=${JSON.stringify(base)}+f;document.head.appendChild(l)});` +
    `if(from+${linksPerTask}<files.length)setTimeout(function(){add(from+${linksPerTask})},0)}add(0)})()`
  );
}

/**
 * Links added per task. Adding a module preload costs the main thread about 1 ms on a phone-speed CPU, in the
 * moments the page is busiest: the payment page's 15 in one go were a task of 20 ms (80 ms on Lighthouse's slowed
 * CPU). In tasks of 4, none blocks input for long; the later ones start a few milliseconds later.
 */
export const linksPerTask = 4;
