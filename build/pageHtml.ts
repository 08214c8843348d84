/**
 * A prerendered page is whole without its code, so its code need not be fetched first. React Router's `<Scripts>`
 * writes a `<link rel="modulepreload">` in the head for every module of the page, fetched at high priority beside the
 * document; Lighthouse counts each high-priority script asked for before the first paint as holding that paint back
 * (FCP 2.1-2.4 s on every page, docs/performance.md). Without them, the page's module script asks for its modules as
 * the body ends. The app's shell (`__spa-fallback.html`) keeps them: it shows nothing until its code runs
 * (docs/decisions/186-real-urls-and-prerendered-pages.md).
 */
export function withoutModulePreloads(html: string): string {
  return html.replace(/<link rel="modulepreload" href="[^"]*"\/>/g, '');
}
