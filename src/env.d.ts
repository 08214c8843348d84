interface ImportMetaEnv {
  /** The site's public origin, without a trailing slash: set by vite.config.ts from SITE_URL. */
  readonly SITE_URL: string;
}
