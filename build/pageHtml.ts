import { laterModuleType } from '../src/app/codeAfterPaint';

/**
 * A prerendered page is whole without its code, so the code need not come first. React Router writes a
 * `<link rel="modulepreload">` in the head for every module of the page and a module script that imports them as
 * the body is parsed; Lighthouse counts each high-priority script asked for before the first paint as holding that
 * paint back (about's FCP 2.3 s instead of 0.8 s, docs/performance.md). So the preloads go, and the module script
 * becomes a data block that the head's script runs once the page is painted (src/app/codeAfterPaint.ts). The app's
 * shell (`__spa-fallback.html`) is left as it is: it shows nothing until its code runs
 * (docs/decisions/186-real-urls-and-prerendered-pages.md).
 */
export function codeAfterPaint(html: string): string {
  const moduleScript = '<script type="module" async="">';
  const count = html.split(moduleScript).length - 1;
  if (count !== 1) throw new Error(`a prerendered page has ${count} React Router module scripts, not one: see build/pageHtml.ts`);
  return html
    .replace(/<link rel="modulepreload" href="[^"]*"\/>/g, '')
    .replace(moduleScript, `<script type="${laterModuleType}" async="">`);
}
