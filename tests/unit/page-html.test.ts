// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { withoutModulePreloads } from '../../build/pageHtml';

describe('a prerendered page', () => {
  it('loses its module preloads and keeps everything else, its module script included', () => {
    const page =
      '<head><link rel="preload" href="/f.woff2" as="font"/><link rel="modulepreload" href="/assets/vendor-1.js"/>' +
      '<link rel="modulepreload" href="/assets/root-2.js"/></head><body><script type="module" async="">import "/assets/root-2.js";</script></body>';
    expect(withoutModulePreloads(page)).toBe(
      '<head><link rel="preload" href="/f.woff2" as="font"/></head><body><script type="module" async="">import "/assets/root-2.js";</script></body>',
    );
  });
});
