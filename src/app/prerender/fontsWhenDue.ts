/**
 * When the site's fonts load (docs/decisions/161-funnel-fonts-after-the-first-paint.md and
 * 167-fonts-after-the-first-paint-everywhere-but-home.md).
 *
 * On home, the Latin fonts (37 kB) are preloaded beside the page, as index.html did for every page: its first screen
 * is prerendered in index.html and painted before any code runs, so the fonts do not hold anything up there.
 *
 * Every other page is drawn by the app's code (120-160 kB), and on a first visit over a slow link the fonts (those
 * 37 kB, and on the quiz the Devanagari labels' 26 kB) shared the link with that code: the page appeared later, for
 * text a local font sized to the web fonts shows meanwhile anyway (src/ui/fallbackFont.ts), so the swap moves nothing.
 * There, for a browser that has not had the fonts yet, the fonts' style sheet is switched off until the page's first
 * paint and switched on in the frame after: the code comes first, the fonts swap in after. A browser that has had
 * them (it keeps them a year) gets them at once, so a returning visitor never sees the swap.
 *
 * `loadFontsWhenDue` is embedded in index.html by its source (build/prerenderHome.ts), so the unit tests run the same code. It
 * names nothing from outside itself but its parameters.
 */

export interface FontsWhenDueOptions {
  /** The id of the `<style>` holding the `@font-face` rules. */
  styleId: string;
  /** The fonts preloaded beside the page (their built addresses). */
  preloads: string[];
  /**
   * The source of the pattern of home's addresses (`location.hash`; homeHash.ts), whose fonts come beside the page; on
   * every other address they follow the first paint.
   */
  homeHash: string;
  /** The local storage key that says this browser has had the fonts. */
  seenKey: string;
  /** The latest the fonts are switched on, should the first paint never be reported. */
  latestMs: number;
}

export function loadFontsWhenDue(options: FontsWhenDueOptions, win: Window & typeof globalThis): void {
  const doc = win.document;
  // Storage refused (a private mode, a policy): the fonts follow the first paint on each first visit of those pages.
  const storage = (act: (local: Storage) => string | null | void) => {
    try {
      return act(win.localStorage) ?? null;
    } catch {
      return null;
    }
  };
  const seen = storage((local) => local.getItem(options.seenKey));
  // A font that has loaded is in the browser's cache from now on (`loadingdone` comes even when every one failed).
  doc.fonts?.addEventListener('loadingdone', (event) => {
    const loaded = [...((event as FontFaceSetLoadEvent).fontfaces ?? [])].some((face) => face.status === 'loaded');
    if (loaded) storage((local) => local.setItem(options.seenKey, '1'));
  });
  const sheet = (doc.getElementById(options.styleId) as HTMLStyleElement | null)?.sheet;
  const Observer = win.PerformanceObserver;
  const waits =
    !new RegExp(options.homeHash).test(win.location.hash) &&
    !seen &&
    !!sheet &&
    !!Observer &&
    (Observer.supportedEntryTypes ?? []).indexOf('paint') >= 0;
  if (!waits) {
    for (const href of options.preloads) {
      const link = doc.createElement('link');
      const attributes = { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href };
      for (const name of Object.keys(attributes)) link.setAttribute(name, attributes[name as keyof typeof attributes]);
      doc.head.appendChild(link);
    }
    return;
  }
  sheet!.disabled = true;
  const switchOn = () => {
    observer.disconnect();
    sheet!.disabled = false;
  };
  const observer = new Observer((list) => {
    // The frame after the first paint: the fonts are asked for once that paint is on screen.
    if (list.getEntriesByName('first-contentful-paint').length > 0) win.requestAnimationFrame(switchOn);
  });
  observer.observe({ type: 'paint', buffered: true });
  win.setTimeout(switchOn, options.latestMs);
}

/** The script index.html runs, with the build's options. */
export function fontsWhenDueScript(options: FontsWhenDueOptions): string {
  return `(${loadFontsWhenDue.toString()})(${JSON.stringify(options)},window)`;
}

/**
 * Takes the font preloads out of the built index.html: `loadFontsWhenDue` adds them where due. Throws when there are
 * none, so a change in the page fails the build instead of shipping pages without their fonts' preload.
 */
export function takeFontPreloads(html: string): { html: string; preloads: string[] } {
  const preloads: string[] = [];
  const tag = /[ \t]*<link\b(?=[^>]*\brel="preload")(?=[^>]*\bas="font")[^>]*\bhref="([^"]+)"[^>]*>\n?/g;
  const page = html.replace(tag, (_match, href: string) => {
    preloads.push(href);
    return '';
  });
  if (preloads.length === 0) throw new Error('fonts: index.html preloads no font');
  return { html: page, preloads };
}
