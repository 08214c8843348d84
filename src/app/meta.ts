import type { MetaDescriptor } from 'react-router';
import { brand } from '../content/brand';
import { shareImagePath } from '../content/sitePages';

/**
 * The address search engines and link previews are given for each page: the build's SITE_URL (vite.config.ts), the
 * agency's own domain when none is set (docs/decisions/186-real-urls-and-prerendered-pages.md).
 */
export const siteOrigin: string = __SITE_ORIGIN__;

export interface PageFacts {
  /** The page's path, as in the sitemap: `/pricing`. */
  path: string;
  /** The page's own title; the site's name is added after it. */
  title: string;
  description: string;
  /** A page kept out of search engines: the private and funnel pages. */
  private?: boolean;
  /** schema.org JSON-LD for the page (src/app/structuredData.ts). */
  structuredData?: readonly object[];
}

/** A route module's `meta`: title, description, canonical address, and the Open Graph and Twitter card tags. */
export function pageMeta({ path, title, description, private: isPrivate = false, structuredData = [] }: PageFacts): MetaDescriptor[] {
  const url = `${siteOrigin}${path}`;
  const image = `${siteOrigin}${shareImagePath(path)}`;
  const fullTitle = title.includes(brand.name) ? title : `${title} | ${brand.name}`;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    ...(isPrivate
      ? [{ name: 'robots', content: 'noindex' }]
      : [
          { tagName: 'link', rel: 'canonical', href: url },
          { property: 'og:type', content: 'website' },
          { property: 'og:site_name', content: brand.name },
          { property: 'og:locale', content: 'en_IN' },
          { property: 'og:title', content: fullTitle },
          { property: 'og:description', content: description },
          { property: 'og:url', content: url },
          { property: 'og:image', content: image },
          { property: 'og:image:width', content: '1200' },
          { property: 'og:image:height', content: '630' },
          { property: 'og:image:alt', content: fullTitle },
          { name: 'twitter:card', content: 'summary_large_image' },
          { name: 'twitter:title', content: fullTitle },
          { name: 'twitter:description', content: description },
          { name: 'twitter:image', content: image },
          ...structuredData.map((data) => ({ 'script:ld+json': data })),
        ]),
  ];
}

/** The 404 page's, also for a case study or legal document that does not exist. */
export const notFoundMeta = pageMeta({
  path: '/404',
  title: 'Page Not Found',
  description: 'The page you were looking for does not exist. Try our home, pricing, case studies or contact pages.',
  private: true,
});
