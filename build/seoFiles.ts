/** sitemap.xml and robots.txt, written beside the prerendered pages by scripts/build-site.ts. */

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Every public page, by its canonical address. */
export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** What crawlers may read: the public pages; not the account, staff, payment and report pages, nor the API. */
export const disallowedPaths = ['/api/', '/admin', '/dashboard', '/payment', '/report', '/signin'] as const;

export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...disallowedPaths.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
