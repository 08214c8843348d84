import { lazy, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { SiteLayout } from './layout/SiteLayout';
import { HomePage } from '../features/home/HomePage';

/**
 * Every route of docs/product.md §2, as React Router's component routes rather than a data router: the site has no
 * loaders or actions, and the data router's code would be downloaded and run by every first
 * visit for nothing (docs/decisions/135-component-routes-and-prerendered-home.md). Home is in the first bundle and
 * is prerendered into index.html; every other page loads on demand. While a page's code downloads, the router's
 * navigation (a transition) keeps the previous page on screen, as the data router's `lazy` did.
 */
function page<T extends string>(load: () => Promise<Record<T, ComponentType>>, name: T) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const AboutPage = page(() => import('../features/about/AboutPage'), 'AboutPage');
const PricingPage = page(() => import('../features/pricing/PricingPage'), 'PricingPage');
const HowItWorksPage = page(() => import('../features/how-it-works/HowItWorksPage'), 'HowItWorksPage');
const AppsPage = page(() => import('../features/apps/AppsPage'), 'AppsPage');
const CaseStudiesPage = page(() => import('../features/case-studies/CaseStudiesPage'), 'CaseStudiesPage');
const CaseStudyPage = page(() => import('../features/case-studies/CaseStudyPage'), 'CaseStudyPage');
const ContactPage = page(() => import('../features/contact/ContactPage'), 'ContactPage');
const HelpPage = page(() => import('../features/help/HelpPage'), 'HelpPage');
const SignInPage = page(() => import('../features/auth/SignInPage'), 'SignInPage');
const PaymentPage = page(() => import('../features/payment/PaymentPage'), 'PaymentPage');
const QuizPage = page(() => import('../features/quiz/QuizPage'), 'QuizPage');
const ReportPage = page(() => import('../features/report/ReportPage'), 'ReportPage');
const DashboardPage = page(() => import('../features/dashboard/DashboardPage'), 'DashboardPage');
// The staff inbox: linked from nowhere public, in its own chunk (docs/decisions/110-staff-inbox-ui.md).
const AdminPage = page(() => import('../features/admin/AdminPage'), 'AdminPage');
const LegalPage = page(() => import('../features/legal/LegalPage'), 'LegalPage');
const NotFoundPage = page(() => import('../features/not-found/NotFoundPage'), 'NotFoundPage');

/** One route per legal document, so an unknown /legal/... path falls through to the 404 page. */
export const legalSlugs = ['terms', 'privacy', 'shipping', 'refunds'] as const;

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<SiteLayout />}>
        <Route index element={<HomePage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="pricing" element={<PricingPage />} />
        <Route path="how-it-works" element={<HowItWorksPage />} />
        <Route path="apps" element={<AppsPage />} />
        <Route path="case-studies" element={<CaseStudiesPage />} />
        <Route path="case-studies/:slug" element={<CaseStudyPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="help" element={<HelpPage />} />
        <Route path="signin" element={<SignInPage />} />
        <Route path="payment" element={<PaymentPage />} />
        <Route path="get-started" element={<QuizPage />} />
        <Route path="report" element={<ReportPage />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="admin" element={<AdminPage />} />
        <Route path="demo" element={<Navigate to="/get-started" replace />} />
        {legalSlugs.map((slug) => (
          <Route key={slug} path={`legal/${slug}`} element={<LegalPage />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
