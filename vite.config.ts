/// <reference types="vitest/config" />
import { reactRouter } from '@react-router/dev/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGroups } from './build/chunkGroups.js';
import { hashedFontsAndImages } from './build/hashedFontsAndImages.js';
import { reactRouterProductionBuild } from './build/reactRouterProductionBuild.js';
import { siteOriginForBuild } from './build/siteOrigin.js';

export default defineConfig({
  // Oxc's styled-components transform gives each component an id from its file and its place there, not from the
  // order modules ran: a prerendered page hydrates in parts, so its class names must not depend on which chunk
  // loaded first (docs/decisions/183-no-library-patches-in-the-build.md).
  oxc: { plugins: { styledComponents: { ssr: true, displayName: false } } },
  // React Router's framework mode builds and prerenders the site (react-router.config.ts); the unit tests render
  // components on their own, with React's plugin only.
  plugins: [process.env.VITEST ? react() : reactRouter(), hashedFontsAndImages(), reactRouterProductionBuild()],
  // A constant of its own, not `import.meta.env.SITE_URL`: vitest would copy that into process.env, and every child
  // process of a test (npm start's) would see a SITE_URL nobody set.
  define: { __SITE_ORIGIN__: JSON.stringify(siteOriginForBuild(process.env)) },
  // styled-components' package has no "exports": Node would load its CommonJS build, whose default export is not
  // `styled`, when the build prerenders the pages.
  ssr: { noExternal: ['styled-components'] },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Every browser the site supports preloads modules natively; the polyfill would only add bytes to the entry.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // The fonts' and images' logical addresses (`/fonts/….woff2` in index.html's font faces) are rewritten by
      // hashedFontsAndImages, not resolved by Vite: named here, its CSS step leaves them alone without a warning each.
      external: (id) => /^\/(fonts|images)\//.test(id),
      output: { codeSplitting: { groups: chunkGroups } },
    },
  },
  // `npm run dev` runs the API beside Vite (scripts/start.ts) and Vite forwards /api to it.
  server: {
    proxy: {
      // changeOrigin false: the API sees the Host the browser used, which its cross-site check compares with Origin
      // (server/http/crossSite.ts). Vite's shorthand would rewrite Host to the API's own address.
      '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? '8787'}`, changeOrigin: false },
    },
  },
  preview: { port: 8080 },
  test: {
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/model/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup.ts'],
          css: false,
          // A model-based path renders a whole funnel step by step: seconds each when the 2 cores are shared.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // One embedded database per file is slow to create; files run one at a time to stay inside 2 cores.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
