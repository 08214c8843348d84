/**
 * Which chunk each module shared by the pages goes into (docs/decisions/162-shared-chunks.md).
 *
 * Left to itself, the bundler gives every set of pages that shares some code a chunk of its own: the payment page's
 * first load was 19 files, a dozen of them under 2 kB (an icon, the money formatter, the spinner). On a phone each
 * file is a request of its own, and the small ones share the link with the framework the page waits for: Lighthouse
 * put the payment page's largest paint 0.45 s later than with the same code in five files. webpack and Next.js do not
 * make shared chunks under 20 kB for this reason. Here the code two or more lazily loaded modules share (the pages,
 * the chat, the sign-in code) goes into one of three chunks:
 *
 * - `shared`: what a content page shares (page heroes, plans, money, form parts, icons), i.e. any shared module one of
 *   whose users loads neither XState nor zod;
 * - `core`: what the code any page may load (the sign-in code for a visitor signed in, the chat when opened) shares
 *   with funnel pages: XState, zod, the API client, the account rules. Kept apart so that code does not carry the
 *   funnels' other shared code;
 * - `funnels`: what only funnel pages share (the quiz's texts and rules, the contact form's).
 *
 * A content page loads the framework, the entry, `shared` and its own chunk; a funnel page `core` and `funnels`
 * too. `shared` never needs the other two (a module a content page reaches cannot lead to XState or zod, or that page
 * would be a funnel), and `core` never needs `funnels` (what the any-page code reaches, it reaches whole). What the
 * entry imports (the first bundle, index.html's home page) stays in the entry: the plan never takes a module out of it.
 *
 * Pure functions over the module graph: build/chunkGroups.ts feeds them Rolldown's.
 */

export type SharedChunk = 'funnels' | 'core' | 'shared';

export interface ModuleGraph {
  /** The module's static imports; empty for a module the graph does not know. */
  importedIds(id: string): readonly string[];
  /** The module's code after transformation (imports still as written), or null. */
  code(id: string): string | null;
}

export interface ChunkPlanOptions {
  /** The app's entry: it and all it imports statically stay in the first bundle. */
  entry: string;
  /** Every lazily loaded module: the route pages, lazy sections such as the chat, the sign-in code. */
  pages: readonly string[];
  /**
   * Lazily loaded modules any page may load whatever the route (the sign-in code for a visitor signed in, the chat
   * when opened): what they share with funnel pages goes into `core`, so they do not carry the funnels' other shared
   * code. Each must be one of `pages`: a renamed file fails the build rather than silently moving code.
   */
  anyPage: readonly string[];
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
      const exported = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
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
      const imported = part
        .trim()
        .split(/\s+as\s+/)[0]
        ?.trim();
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

function reachable(
  graph: ModuleGraph,
  from: string,
  stopAt: (id: string) => boolean,
  options: ChunkPlanOptions,
  barrels: Map<string, Map<string, string>>,
) {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id) || (id !== from && stopAt(id))) continue;
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
  const inEntry = reachable(graph, options.entry, () => false, options, barrels);
  const pageSet = new Set(options.pages);
  const unknown = options.anyPage.filter((id) => !pageSet.has(id));
  if (unknown.length > 0) throw new Error(`chunk plan: ${unknown.join(', ')} is not lazily loaded anywhere`);
  const pagesReaching = new Map<string, string[]>();
  const funnelPages = new Set<string>();
  for (const page of options.pages) {
    // Another lazily loaded module this one imports (the sign-in code imports Firebase's) is a chunk of its own,
    // with what it imports: not this page's to share.
    for (const id of reachable(graph, page, (id) => inEntry.has(id) || pageSet.has(id), options, barrels)) {
      if (options.funnelLibrary.test(id)) funnelPages.add(page);
      const pages = pagesReaching.get(id);
      if (pages) pages.push(page);
      else pagesReaching.set(id, [page]);
    }
  }
  const plan = new Map<string, SharedChunk>();
  const anyPage = new Set(options.anyPage);
  for (const [id, pages] of pagesReaching) {
    if (pages.length < 2 || pageSet.has(id)) continue;
    if (!pages.every((page) => funnelPages.has(page))) plan.set(id, 'shared');
    else plan.set(id, pages.some((page) => anyPage.has(page)) ? 'core' : 'funnels');
  }
  // The bundler is told not to pull a planned module's imports in after it (build/chunkGroups.ts): that is safe because
  // each of them is planned too or already in the entry. Checked, not assumed.
  for (const id of plan.keys()) {
    for (const imported of importsOf(graph, id, options, barrels)) {
      if (!plan.has(imported) && !inEntry.has(imported) && !pageSet.has(imported)) {
        throw new Error(`chunk plan: ${id} imports ${imported}, which is neither planned nor in the entry`);
      }
    }
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

/** The chunks each planned chunk may import, directly or not: `shared` ← `core` ← `funnels`. */
const mayImport: Record<SharedChunk, readonly SharedChunk[]> = { shared: [], core: ['shared'], funnels: ['shared', 'core'] };
const isPlanned = (name: string): name is SharedChunk => name in mayImport;

/**
 * Fails the build when the output breaks the plan's promises: the entry (the home page's first load) reaches no
 * planned chunk, directly or through another; `shared` reaches neither `core` nor `funnels` (a content page would
 * download XState and zod), `core` does not reach `funnels`; and no chunks import each other in a cycle.
 */
export function checkSharedChunks(chunks: readonly BuiltChunk[]): void {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const reached = (from: BuiltChunk) => {
    const seen = new Set<string>();
    const stack = [...from.imports];
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      stack.push(...(byFile.get(file)?.imports ?? []));
    }
    return [...seen].map((file) => byFile.get(file)).filter((chunk) => chunk !== undefined);
  };
  for (const chunk of chunks) {
    const below = reached(chunk);
    if (below.includes(chunk)) throw new Error(`chunk plan: ${chunk.fileName} imports itself through a cycle`);
    const planned = below.map((other) => other.name).filter(isPlanned);
    if (chunk.isEntry && planned.length > 0) throw new Error(`chunk plan: the entry ${chunk.fileName} reaches ${planned.join(', ')}`);
    if (isPlanned(chunk.name)) {
      const allowed = mayImport[chunk.name];
      const refused = planned.filter((name) => name !== chunk.name && !allowed.includes(name));
      if (refused.length > 0) throw new Error(`chunk plan: ${chunk.fileName} reaches ${refused.join(', ')}`);
    }
  }
}
