import { caseStudies } from './caseStudies';

/**
 * Every address of the site (docs/product.md §2) that is public: prerendered at build time, listed in sitemap.xml and
 * crawled by tests/e2e/crawl.spec.ts. The private and funnel pages (sign-in, quiz, report, payment, dashboard, inbox)
 * are not here: they are drawn in the browser and kept out of search engines.
 */

export const legalSlugs = ['terms', 'privacy', 'shipping', 'refunds'] as const;

export const publicPaths: readonly string[] = [
  '/',
  '/about',
  '/pricing',
  '/how-it-works',
  '/apps',
  '/case-studies',
  ...caseStudies.map((study) => `/case-studies/${study.slug}`),
  '/contact',
  '/help',
  ...legalSlugs.map((slug) => `/legal/${slug}`),
];

/** A public page's link-preview picture, drawn at build time (build/shareImages.ts): `/og/case-studies-x.png`. */
export function shareImagePath(path: string): string {
  return `/og/${path === '/' ? 'home' : path.slice(1).replaceAll('/', '-')}.png`;
}

/** The not-found page's own file: the server answers every unknown address with it and status 404. */
export const notFoundPath = '/404';

/**
 * An unknown case study's page ('Case Study Not Found'), prerendered at a slug no study has: the server answers every
 * unknown `/case-studies/{slug}` with it and status 404, the page the case-study route draws there
 * (docs/decisions/187-an-unknown-case-study-is-its-own-404-page.md).
 */
export const caseStudyNotFoundPath = '/case-studies/404';

/** The prerendered not-found pages: answered with status 404 only, never as pages of their own. */
export const notFoundPaths: readonly string[] = [notFoundPath, caseStudyNotFoundPath];

/** The pages drawn in the browser: the server answers them with the app's shell (React Router's SPA fallback). */
export const privatePaths = ['/signin', '/get-started', '/report', '/report/email', '/payment', '/dashboard', '/admin', '/demo'] as const;
