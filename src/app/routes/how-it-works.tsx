import { pageMeta } from '../meta';
import { breadcrumbs } from '../structuredData';

export { HowItWorksPage as default } from '../../features/how-it-works/HowItWorksPage';

export const meta = () =>
  pageMeta({
    path: '/how-it-works',
    title: 'How It Works',
    description:
      'Find your plan, onboard in minutes, let us execute and optimise, and track your live growth on your dashboard. See how GrowthPath works.',
    structuredData: [breadcrumbs([['How It Works', '/how-it-works']])],
  });
