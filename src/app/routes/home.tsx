import { pageMeta } from '../meta';
import { homeFaqs } from '../../content/faqs';
import { agency, faqPage, website } from '../structuredData';

export { HomePage as default } from '../../features/home/HomePage';

export const meta = () =>
  pageMeta({
    path: '/',
    title: 'GrowthPath: digital growth plans for Indian small businesses',
    description:
      'Websites, local SEO, ads, social media, CRM and AI agents as one flat monthly plan for Indian small businesses. No annual lock-in.',
    structuredData: [agency(), website(), faqPage(homeFaqs)],
  });

/** The largest element of the first screen: asked for beside the fonts, not after the markup's parse. */
export const links = () => [{ rel: 'preload', href: '/images/hero-dashboard.svg', as: 'image', fetchPriority: 'high' }];
