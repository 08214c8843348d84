import type { Plugin } from 'vite';
import { fallbackFontFaces } from '../src/ui/fallbackFont.js';

/**
 * The development server serves index.html as written, without the build's prerender: this gives it the faces that
 * stand in for the web fonts until they arrive (src/ui/fallbackFont.ts), so text waiting for them is drawn there as
 * in a build, not in the system font.
 */
export function fallbackFontInDevelopment(): Plugin {
  return {
    name: 'fallback-font-in-development',
    apply: 'serve',
    transformIndexHtml: () => [{ tag: 'style', children: fallbackFontFaces, injectTo: 'head' }],
  };
}
