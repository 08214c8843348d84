/**
 * Which chunk each module shared by the pages goes into (docs/decisions/162-shared-chunks.md).
 *
 * Left to itself, the bundler gives every set of pages that shares some code a chunk of its own: the payment page's
 * first load was 19 files, a dozen of them under 2 kB (an icon, the money formatter, the spinner). On a phone each
 * file is a request of its own, and the small ones share the link with the framework the page waits for: Lighthouse
 * put the payment page's largest paint 0.45 s later than with the same code in five files. webpack and Next.js do not
 * make shared chunks under 20 kB for this reason. Here the code two or more pages share goes into one of two chunks:
 *
 * - `funnels`: what only the funnel pages share (those that load the statecharts and the schemas: XState and zod);
 * - `shared`: what any other page shares (page heroes, plans, money, form parts, icons).
 *
 * A page then loads the framework, the entry, `shared`, `funnels` if it is a funnel, and its own chunk. `shared` never
 * needs `funnels` (a module that a content page reaches cannot lead to XState or zod, or that page would be a funnel),
 * so a content page never downloads the funnels' libraries. What the entry imports (the first bundle, index.html's
 * home page) stays in the entry: the plan never takes a module out of it.
 *
 * Pure functions over the module graph: vite.config.ts feeds them Rolldown's.
 */

export type SharedChunk = 'funnels' | 'shared';

export interface ModuleGraph {
  /** The module's static imports; empty for a module the graph does not know. */
  importedIds(id: string): readonly string[];
  /** The module's code after transformation (imports still as written), or null. */
  code(id: string): string | null;
}

export interface ChunkPlanOptions {
  /** The app's entry: it and all it imports statically stay in the first bundle. */
  entry: string;
  /** The lazily loaded pages (route pages and lazy sections such as the chat). */
  pages: readonly string[];
  /** The libraries that make a page a funnel. */
  funnelLibrary: RegExp;
  /**
   * A module that only re-exports others (an icon set's index), and the specifier the app imports it by: a module
   * importing names from it is taken to import just the modules behind those names, as the bundler's tree-shaking
   * does, not the thousand others.
   */
  barrel: { module: RegExp; specifier: string };
}

/** `export { default as A, default as AIcon } from './icons/a.mjs';` → A and AIcon lead to './icons/a.mjs'. */
export function reexportsOf(barrelCode: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const match of barrelCode.matchAll(/export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    for (const part of match[1]!.split(',')) {
      const exported = part.trim().split(/\s+as\s+/).pop()?.trim();
      if (exported) names.set(exported, match[2]!);
    }
  }
  return names;
}

/** The names a module imports from `source`: `import { A, B as C } from 'source'` → A, B. */
export function namesImportedFrom(code: string, source: string): string[] {
  const names: string[] = [];
  const quoted = source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*['"]${quoted}['"]`, 'g');
  for (const match of code.matchAll(pattern)) {
    for (const part of match[1]!.split(',')) {
      const imported = part.trim().split(/\s+as\s+/)[0]?.trim();
      if (imported) names.push(imported);
    }
  }
  return names;
}

/** The module whose id ends like a relative specifier resolved from the barrel (`./icons/a.mjs`). */
function resolveFromBarrel(barrel: string, specifier: string, candidates: readonly string[]): string | undefined {
  const tail = specifier.replace(/^\.\//, '/');
  const dir = barrel.slice(0, barrel.lastIndexOf('/'));
  return candidates.find((id) => id === dir + tail);
}

/**
 * The modules a module really imports: its static imports, with the barrel replaced by the modules behind the names
 * it takes from it.
 */
function importsOf(graph: ModuleGraph, id: string, options: ChunkPlanOptions, barrels: Map<string, Map<string, string>>) {
  const result: string[] = [];
  for (const imported of graph.importedIds(id)) {
    if (!options.barrel.module.test(imported)) {
      result.push(imported);
      continue;
    }
    let names = barrels.get(imported);
    if (!names) barrels.set(imported, (names = reexportsOf(graph.code(imported) ?? '')));
    const taken = namesImportedFrom(graph.code(id) ?? '', options.barrel.specifier);
    if (taken.length === 0) {
      // Imported some other way (a namespace, a re-export): count every module behind it, as the bundler may.
      result.push(imported, ...graph.importedIds(imported));
      continue;
    }
    for (const name of taken) {
      const specifier = names.get(name);
      const target = specifier ? resolveFromBarrel(imported, specifier, graph.importedIds(imported)) : undefined;
      if (!target) throw new Error(`chunk plan: ${name} is not among the re-exports of ${imported}`);
      result.push(target);
    }
  }
  return result;
}

function reachable(graph: ModuleGraph, from: string, stopAt: ReadonlySet<string>, options: ChunkPlanOptions, barrels: Map<string, Map<string, string>>) {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id) || stopAt.has(id)) continue;
    seen.add(id);
    stack.push(...importsOf(graph, id, options, barrels));
  }
  return seen;
}

/**
 * The shared chunk of every module that two or more pages reach outside the entry's graph. Modules one page alone
 * reaches are not in the plan: the bundler keeps them in that page's chunk. The pages themselves are never in it.
 */
export function planSharedChunks(graph: ModuleGraph, options: ChunkPlanOptions): Map<string, SharedChunk> {
  const barrels = new Map<string, Map<string, string>>();
  const inEntry = reachable(graph, options.entry, new Set(), options, barrels);
  const pagesReaching = new Map<string, string[]>();
  const funnelPages = new Set<string>();
  for (const page of options.pages) {
    for (const id of reachable(graph, page, inEntry, options, barrels)) {
      if (options.funnelLibrary.test(id)) funnelPages.add(page);
      const pages = pagesReaching.get(id);
      if (pages) pages.push(page);
      else pagesReaching.set(id, [page]);
    }
  }
  const plan = new Map<string, SharedChunk>();
  const pageSet = new Set(options.pages);
  for (const [id, pages] of pagesReaching) {
    if (pages.length < 2 || pageSet.has(id)) continue;
    plan.set(id, pages.every((page) => funnelPages.has(page)) ? 'funnels' : 'shared');
  }
  return plan;
}

/** What the check needs of an output chunk. */
export interface BuiltChunk {
  fileName: string;
  name: string;
  isEntry: boolean;
  imports: readonly string[];
}

/**
 * Fails the build when the plan's promises do not hold in the output: the entry (the home page's first load) imports
 * neither shared chunk, and `shared` does not import `funnels` (a content page would download XState and zod).
 */
export function checkSharedChunks(chunks: readonly BuiltChunk[]): void {
  const nameOf = new Map(chunks.map((chunk) => [chunk.fileName, chunk.name]));
  for (const chunk of chunks) {
    const planned = chunk.imports.map((file) => nameOf.get(file)).filter((name) => name === 'shared' || name === 'funnels');
    if (chunk.isEntry && planned.length > 0) throw new Error(`chunk plan: the entry ${chunk.fileName} imports ${planned.join(', ')}`);
    if (chunk.name === 'shared' && planned.includes('funnels')) throw new Error(`chunk plan: ${chunk.fileName} imports funnels`);
  }
}
