import type { Config } from '@react-router/dev/config';
import { notFoundPaths, publicPaths } from './src/content/sitePages';

/**
 * React Router's framework mode, without a server of its own: every public page is prerendered into its own
 * index.html at build time, the rest get the app's shell (docs/decisions/186-real-urls-and-prerendered-pages.md).
 * The site is written to `<SITE_BUILD_DIR>/client` (inside the project, so the prerender resolves its packages);
 * scripts/build-site.ts builds it and moves it to DIST_DIR.
 */
export default {
  appDirectory: 'src/app',
  buildDirectory: process.env.SITE_BUILD_DIR ?? '.site-build',
  ssr: false,
  prerender: [...publicPaths, ...notFoundPaths],
} satisfies Config;
