import { createHashRouter, Navigate, type RouteObject } from 'react-router-dom';
import { SiteLayout } from './layout/SiteLayout';
import { HomePage } from '../features/home/HomePage';
import { RouteError } from './RouteError';

/**
 * Every route of docs/product.md §2. Home is in the first bundle; every other page loads on demand so the first visit
 * downloads only what it shows.
 */
const legalSlugs = ['terms', 'privacy', 'shipping', 'refunds'] as const;

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <SiteLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'about', lazy: () => import('../features/about/AboutPage').then((m) => ({ Component: m.AboutPage })) },
      { path: 'pricing', lazy: () => import('../features/pricing/PricingPage').then((m) => ({ Component: m.PricingPage })) },
      {
        path: 'how-it-works',
        lazy: () => import('../features/how-it-works/HowItWorksPage').then((m) => ({ Component: m.HowItWorksPage })),
      },
      { path: 'apps', lazy: () => import('../features/apps/AppsPage').then((m) => ({ Component: m.AppsPage })) },
      {
        path: 'case-studies',
        lazy: () => import('../features/case-studies/CaseStudiesPage').then((m) => ({ Component: m.CaseStudiesPage })),
      },
      {
        path: 'case-studies/:slug',
        lazy: () => import('../features/case-studies/CaseStudyPage').then((m) => ({ Component: m.CaseStudyPage })),
      },
      { path: 'contact', lazy: () => import('../features/contact/ContactPage').then((m) => ({ Component: m.ContactPage })) },
      { path: 'help', lazy: () => import('../features/help/HelpPage').then((m) => ({ Component: m.HelpPage })) },
      { path: 'signin', lazy: () => import('../features/auth/SignInPage').then((m) => ({ Component: m.SignInPage })) },
      { path: 'payment', lazy: () => import('../features/payment/PaymentPage').then((m) => ({ Component: m.PaymentPage })) },
      { path: 'get-started', lazy: () => import('../features/quiz/QuizPage').then((m) => ({ Component: m.QuizPage })) },
      { path: 'report', lazy: () => import('../features/report/ReportPage').then((m) => ({ Component: m.ReportPage })) },
      {
        path: 'dashboard',
        lazy: () => import('../features/dashboard/DashboardPage').then((m) => ({ Component: m.DashboardPage })),
      },
      // The staff inbox: linked from nowhere public, in its own chunk (docs/decisions/110-staff-inbox-ui.md).
      { path: 'admin', lazy: () => import('../features/admin/AdminPage').then((m) => ({ Component: m.AdminPage })) },
      { path: 'demo', element: <Navigate to="/get-started" replace /> },
      // One route per document, so an unknown /legal/... path falls through to the 404 page.
      ...legalSlugs.map((slug) => ({
        path: `legal/${slug}`,
        lazy: () => import('../features/legal/LegalPage').then((m) => ({ Component: m.LegalPage })),
      })),
      {
        path: '*',
        lazy: () => import('../features/not-found/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
];

export const router = createHashRouter(routes);
