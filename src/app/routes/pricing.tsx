import { pageMeta } from '../meta';
import { plans } from '../../domain/plans';
import { breadcrumbs, planCatalog } from '../structuredData';

export { PricingPage as default } from '../../features/pricing/PricingPage';

export const meta = () =>
  pageMeta({
    path: '/pricing',
    title: 'Pricing',
    description:
      'Simple monthly growth plans for Indian small businesses: LaunchPad, Growth Engine and Scale Up. One setup fee, one monthly fee, no annual lock-in.',
    structuredData: [planCatalog(plans), breadcrumbs([['Pricing', '/pricing']])],
  });
