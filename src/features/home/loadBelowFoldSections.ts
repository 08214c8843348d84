import type * as BelowFoldSections from './BelowFoldSections';

export type BelowFoldModule = typeof BelowFoldSections;

/**
 * The code of the home page's sections under the hero (docs/decisions/149), imported once, on the first request: the
 * prerender's, before it renders; the browser's, when they come near the screen or one of their buttons is pressed
 * (LazyBelowFold.tsx). `loaded` waits for that request; `current` has the module once it is here, for a render that
 * must not wait.
 */
export const belowFoldSections = loadOnRequest<BelowFoldModule>(() => import('./BelowFoldSections'));

/** The prerender loads the sections first, so that they render at once, synchronously. */
export const loadBelowFoldSections = (): Promise<BelowFoldModule> => belowFoldSections.load();

function loadOnRequest<Module>(importModule: () => Promise<Module>) {
  let module: Module | undefined;
  let request = () => {};
  const requested = new Promise<void>((resolve) => (request = resolve));
  const loaded = requested.then(importModule).then((value) => (module = value));
  return {
    /** Starts the import (the first call only) and settles with it. */
    load(): Promise<Module> {
      request();
      return loaded;
    },
    loaded,
    current: (): Module | undefined => module,
  };
}
