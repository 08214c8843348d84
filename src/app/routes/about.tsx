import { pageMeta } from '../meta';
import { agency, breadcrumbs } from '../structuredData';

export { AboutPage as default } from '../../features/about/AboutPage';

export const meta = () =>
  pageMeta({
    path: '/about',
    title: 'About Us',
    description:
      'GrowthPath gives Indian small businesses a complete digital growth team on one transparent monthly plan. Meet our mission, values and founder.',
    structuredData: [agency(), breadcrumbs([['About Us', '/about']])],
  });
