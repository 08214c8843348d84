import { describe, expect, it } from 'vitest';
import { codeAfterPaint } from '../../build/pageHtml';
import { codeAfterPaintScript } from '../../src/app/codeAfterPaint';

const routeModules = 'import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-2.js";\nimport("/assets/entry.client-3.js");';
const page =
  '<head><link rel="preload" href="/f.woff2" as="font"/><link rel="modulepreload" href="/assets/vendor-1.js"/>' +
  `<link rel="modulepreload" href="/assets/root-2.js"/></head><body><div id="root"></div><script type="module" async="">${routeModules}</script></body>`;

describe('a prerendered page’s code', () => {
  it('is not preloaded, and its module script waits as a data block with the same text', () => {
    expect(codeAfterPaint(page)).toBe(
      '<head><link rel="preload" href="/f.woff2" as="font"/></head><body><div id="root"></div>' +
        `<script type="module-later" async="">${routeModules}</script></body>`,
    );
  });

  it('stops the build when React Router’s module script is not there once', () => {
    expect(() => codeAfterPaint('<body></body>')).toThrow(/0 React Router module scripts/);
  });

  it('runs after the first paint, or at the first press if that comes sooner, once', async () => {
    document.body.innerHTML = `<div id="root"></div><script type="module-later">${routeModules}</script>`;
    const ran = () => [...document.querySelectorAll('script[type="module"]')].map((script) => script.textContent);
    new Function(codeAfterPaintScript)();
    expect(ran()).toEqual([]);
    window.dispatchEvent(new KeyboardEvent('keydown'));
    expect(ran()).toEqual([routeModules]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran()).toEqual([routeModules]);
  });
});
