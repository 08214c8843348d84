/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [
    react(),
    {
      // React Router publishes its development build (dev-only warnings compiled in) under every import condition;
      // its production build is the same code with them compiled out: 0.6 kB less gzip, no dev warnings in the
      // console. Only for `vite build`; every import of react-router resolves the same way, so there is one copy.
      name: 'react-router-production-build',
      apply: 'build',
      enforce: 'pre',
      async resolveId(source, importer, options) {
        if (source !== 'react-router' && !source.startsWith('react-router/')) return null;
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        if (!resolved?.id.includes('/react-router/dist/development/')) return resolved;
        return { ...resolved, id: resolved.id.replace('/react-router/dist/development/', '/react-router/dist/production/') };
      },
    },
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // Every browser the site supports preloads modules natively; the polyfill would only add bytes to the entry.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // The framework (React, React DOM, the router, styled-components and lucide's icon factory) in one
        // long-cached chunk: it changes far less often than the pages. One chunk rather than several, because on a
        // slow phone connection each extra file on the critical path costs a round trip (measured with
        // `npm run bench`: about 0.1 s earlier FCP/LCP than separate react and styles chunks, and 1 kB less gzip).
        manualChunks(id) {
          const framework =
            /node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|styled-components|@emotion|stylis)\//;
          const iconFactory = /node_modules\/lucide-react\/dist\/esm\/(createLucideIcon|Icon|defaultAttributes|context|shared\/)/;
          return framework.test(id) || iconFactory.test(id) ? 'vendor' : undefined;
        },
      },
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
