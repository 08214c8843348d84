import path from 'node:path';
import type { Rolldown } from 'vite';
import { planSharedChunks, type SharedChunk } from '../src/app/prerender/chunkPlan.js';

const root = path.resolve(import.meta.dirname, '..');
const framework = /node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|styled-components|@emotion|stylis)\//;
const iconFactory = /node_modules\/lucide-react\/dist\/esm\/(createLucideIcon|Icon|defaultAttributes|context|shared\/)/;

/** The bundle's chunks beyond the entry and the pages' own: Rolldown's `output.codeSplitting.groups`. */
export const chunkGroups: Rolldown.CodeSplittingGroup[] = [
  {
    // The framework (React, React DOM, the router, styled-components and lucide's icon factory) in one long-cached
    // chunk: it changes far less often than the pages. One chunk rather than several, because on a slow phone
    // connection each extra file on the critical path costs a round trip (docs/performance.md).
    name: 'vendor',
    priority: 2,
    test: (id) => framework.test(id) || iconFactory.test(id),
  },
  {
    // What two or more lazily loaded modules share, in three chunks rather than one per set of them
    // (docs/decisions/162-shared-chunks.md). Dependencies are not pulled in with a module: the plan names each one
    // (and checks that a planned module's imports are planned or in the entry), so what it leaves out stays where it
    // is: the entry's modules in the entry.
    debugName: 'shared chunks',
    name: (id, context) => sharedChunkOf(id, context),
    priority: 1,
    includeDependenciesRecursively: false,
  },
];

/**
 * The shared chunk a module goes into, from the plan made at the first call of a build (Rolldown asks for every module
 * after the graph is complete). Each build loads the config afresh, the prerender's included.
 */
const sharedChunkOf = (() => {
  let plan: Map<string, SharedChunk> | undefined;
  return (id: string, context: Rolldown.ChunkingContext): SharedChunk | null =>
    (plan ??= sharedChunkPlan((moduleId) => context.getModuleInfo(moduleId))).get(id) ?? null;
})();

function sharedChunkPlan(getModuleInfo: Rolldown.GetModuleInfo): Map<string, SharedChunk> {
  const entry = path.join(root, 'src/app/main.tsx');
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
      anyPage: ['src/lib/auth/runtime.ts', 'src/features/chat/ChatWidget.tsx'].map((file) => path.join(root, file)),
      funnelLibrary: /node_modules\/(xstate|zod)\//,
      barrel: { module: /node_modules\/lucide-react\/dist\/esm\/lucide-react\.mjs$/, specifier: 'lucide-react' },
    },
  );
}
