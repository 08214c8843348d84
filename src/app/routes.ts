import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';
import { legalSlugs } from '../content/sitePages';

/**
 * Every route of docs/product.md §2 at its own path (docs/decisions/186-real-urls-and-prerendered-pages.md). Each
 * route module is a thin file in routes/: the page's component and its `meta`. The public pages are prerendered at
 * build time (react-router.config.ts); the rest are drawn in the browser.
 */
export default [
  layout('routes/layout.tsx', [
    index('routes/home.tsx'),
    route('about', 'routes/about.tsx'),
    route('pricing', 'routes/pricing.tsx'),
    route('how-it-works', 'routes/how-it-works.tsx'),
    route('apps', 'routes/apps.tsx'),
    route('case-studies', 'routes/case-studies.tsx'),
    route('case-studies/:slug', 'routes/case-study.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('help', 'routes/help.tsx'),
    route('signin', 'routes/signin.tsx'),
    route('payment', 'routes/payment.tsx'),
    route('get-started', 'routes/quiz.tsx'),
    route('report', 'routes/report.tsx'),
    // The quiz reply's link: the owner of the address asks for the report by email (docs/decisions/188).
    route('report/email', 'routes/report-email.tsx'),
    route('dashboard', 'routes/dashboard.tsx'),
    // The staff inbox: linked from nowhere public (docs/decisions/110-staff-inbox-ui.md).
    route('admin', 'routes/admin.tsx'),
    route('demo', 'routes/demo.tsx'),
    ...legalSlugs.map((slug) => route(`legal/${slug}`, 'routes/legal.tsx', { id: `legal-${slug}` })),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
