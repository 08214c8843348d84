/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: false,
    // Keep the framework in its own long-cached chunk: it changes far less often than the pages.
    rollupOptions: {
      output: {
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom)\//.test(id)) return 'react';
          if (/node_modules\/(styled-components|@emotion|stylis|tslib|shallowequal)\//.test(id)) return 'styles';
          return undefined;
        },
      },
    },
  },
  // `npm run dev` runs the API beside Vite (scripts/start.ts) and Vite forwards /api to it.
  server: { proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? '8787'}` } },
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
