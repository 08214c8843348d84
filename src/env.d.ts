/** The site's public origin, without a trailing slash: set by vite.config.ts from SITE_URL at build time. */
declare const __SITE_ORIGIN__: string;
