/**
 * When the app's code starts loading (docs/decisions/156-home-paints-before-its-code.md).
 *
 * The prerendered home page is complete without its code: its text, images and links are in index.html. Its code
 * (the framework and the app, about 95 kB) only makes the page's buttons work, so on a slow phone link it should not
 * compete for bandwidth with what the visitor is waiting to see. On the home page, therefore, the code starts loading
 * once the page has loaded and painted, or at once when the visitor acts first: presses, types, or follows a link.
 * A press before the code arrived is kept (docs/decisions/152-presses-before-hydration.md). Any other page is drawn by
 * the app, so there the code starts at once, beside the table that preloads the page's own chunks
 * (docs/decisions/151-route-preloads.md).
 *
 * `startAppWhenDue` is embedded in index.html by its source (build/prerenderHome.ts), so the unit tests run the same code. It
 * names nothing from outside itself but its parameters, so a bundler renaming a function cannot break it.
 */

export interface AppStartOptions {
  /** The entry module's address. */
  entry: string;
  /** The modules the entry imports statically: fetched beside it rather than after it. */
  modules: string[];
  /**
   * The classic script that preloads the current route's chunks (routePreloads.ts): at once on pages other than home,
   * and on home when a link leads away from it.
   */
  routePreloads: string;
  /** The class the inline head script puts on <html> when the prerendered page is not this visitor's. */
  elsewhereClass: string;
  /** The source of the pattern of a home address (homeHash.ts): leaving home for another page needs the route table. */
  homeHash: string;
  /** The latest the home page's code starts after the document is parsed, should `load` be held up (a slow image). */
  latestMs: number;
  /** How long after `load` the home page's code waits for its first screen's paint to be reported. */
  settleMs: number;
}

export function startAppWhenDue(options: AppStartOptions, win: Window & typeof globalThis): void {
  const doc = win.document;
  // What the visitor does that needs the page's code now: a press, a key, a followed link. `click` too: a screen
  // reader's press sends nothing else.
  const triggers = ['pointerdown', 'touchstart', 'keydown', 'click', 'hashchange'];
  let started = false;
  let observer: PerformanceObserver | undefined;
  const add = (tag: 'link' | 'script', attributes: Record<string, string>) => {
    const element = doc.createElement(tag);
    for (const name of Object.keys(attributes)) element.setAttribute(name, attributes[name]!);
    doc.head.appendChild(element);
    return element;
  };
  const whenParsed = (run: () => void) => {
    if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', run);
    else run();
  };
  const start = (before?: Promise<unknown>) => {
    if (started) return;
    started = true;
    for (const name of triggers) win.removeEventListener(name, startNow, true);
    observer?.disconnect();
    for (const href of [options.entry, ...options.modules]) add('link', { rel: 'modulepreload', crossorigin: '', href });
    // Run once the document is parsed: a module script added by a script runs as soon as it arrives, not after the
    // parse as the markup's own would, and the entry looks for #root. The entry's imports (the framework) run first,
    // each as a script of its own once the one before has run, then the entry: the browser evaluates a module and all
    // it imports in one task, which on a phone was about 30 ms; in turns, no task is as long (decision 159).
    const runInTurn = ([first, ...rest]: string[]) => {
      const script = add('script', { type: 'module', crossorigin: '', src: first! });
      if (rest.length > 0) script.onload = script.onerror = () => runInTurn(rest);
    };
    const run = () => runInTurn([...options.modules, options.entry]);
    whenParsed(() => void (before ?? Promise.resolve()).then(run, run));
  };
  function startNow() {
    start();
  }
  if (doc.documentElement.classList.contains(options.elsewhereClass)) {
    // The app draws this page: start now, once the route table has run (its first preloads are in place, the rest follow
    // a task or two later, long before the app asks for them).
    const table = add('script', { src: options.routePreloads });
    start(new Promise((settle) => ((table.onload = settle), (table.onerror = settle))));
    return;
  }
  for (const name of triggers) win.addEventListener(name, startNow, { capture: true, passive: true });
  // A link followed from home to another page before the app has drawn anything: that page's chunks, at once.
  const home = new RegExp(options.homeHash);
  const leaveHome = () => {
    if (home.test(win.location.hash)) return;
    win.removeEventListener('hashchange', leaveHome);
    add('script', { src: options.routePreloads });
  };
  win.addEventListener('hashchange', leaveHome);
  // After `load` (the page's images are in), once the marked elements of the first screen are on the screen: the
  // browser reports an element's paint (Element Timing) only once it has been presented, which can be frames after
  // `load` (an image decoded late). Should a report not come, `settleMs` after `load`; in a browser without the
  // reports, two frames after `load`.
  const afterLoad = () => win.requestAnimationFrame(whenFirstScreenShown);
  // In a frame's callback: the frame lays the page out anyway, so reading the boxes here adds no layout of its own.
  const whenFirstScreenShown = () => {
    if (started) return;
    const awaited = new Set<string>();
    for (const element of doc.querySelectorAll('[elementtiming]')) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.bottom > 0 && box.top < win.innerHeight) awaited.add(element.getAttribute('elementtiming')!);
    }
    const Observer = win.PerformanceObserver;
    if (awaited.size === 0 || !Observer || (Observer.supportedEntryTypes ?? []).indexOf('element') < 0) {
      win.requestAnimationFrame(startNow);
      return;
    }
    const watcher = new Observer((list) => {
      for (const entry of list.getEntries()) awaited.delete((entry as PerformanceEntry & { identifier: string }).identifier);
      if (awaited.size === 0) startNow();
    });
    observer = watcher;
    watcher.observe({ type: 'element', buffered: true });
    win.setTimeout(startNow, options.settleMs);
  };
  if (doc.readyState === 'complete') afterLoad();
  else win.addEventListener('load', afterLoad);
  whenParsed(() => win.setTimeout(startNow, options.latestMs));
}

/** The inline script: `startAppWhenDue` by its source, called with the build's addresses. */
export function appStartScript(options: AppStartOptions): string {
  return `(${startAppWhenDue.toString()})(${JSON.stringify(options)},window)`;
}

/**
 * Takes Vite's entry tags out of the built index.html (its `<script type="module">` and the `<link rel="modulepreload">`
 * of the entry's imports): `startAppWhenDue` adds them when due. Throws when the page has no entry script, so a
 * change in Vite's output fails the build instead of shipping a page whose code never starts.
 */
export function takeEntryTags(html: string): { html: string; entry: string; modules: string[] } {
  const entryTag = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
  const entry = entryTag.exec(html)?.[1];
  if (!entry) throw new Error('app start: no entry <script type="module"> in index.html');
  const preloadTag = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  const modules = [...html.matchAll(preloadTag)].map((match) => match[1]!);
  return { html: html.replace(entryTag, '').replace(preloadTag, ''), entry, modules };
}
