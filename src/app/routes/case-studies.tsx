import { pageMeta } from '../meta';
import { breadcrumbs } from '../structuredData';

export { CaseStudiesPage as default } from '../../features/case-studies/CaseStudiesPage';

export const meta = () =>
  pageMeta({
    path: '/case-studies',
    title: 'Case Studies',
    description:
      'How GrowthPath helped shops, clinics, restaurants and institutes across India grow with websites, branding, ads, social media, funnels and AI agents.',
    structuredData: [breadcrumbs([['Case Studies', '/case-studies']])],
  });
