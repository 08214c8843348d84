import { pageMeta } from '../meta';
import { breadcrumbs } from '../structuredData';

export { AppsPage as default } from '../../features/apps/AppsPage';

export const meta = () =>
  pageMeta({
    path: '/apps',
    title: 'Apps & Solutions',
    description:
      'Ready-made growth solutions: AI sales agent, local SEO booster, funnel automation, a website in two weeks and a social content engine.',
    structuredData: [breadcrumbs([['Apps & Solutions', '/apps']])],
  });
