/**
 * The origin the built pages name in their canonical addresses, link previews and sitemap: SITE_URL, which the
 * server's links in emails use too, or the agency's own domain when it is not set (a local run still builds pages
 * that name the public site, not localhost).
 */
export const defaultSiteOrigin = 'https://growthpath.example';

export function siteOriginForBuild(env: NodeJS.ProcessEnv): string {
  const value = env.SITE_URL?.trim();
  if (!value) return defaultSiteOrigin;
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`SITE_URL must be http(s): ${value}`);
  return url.origin;
}
