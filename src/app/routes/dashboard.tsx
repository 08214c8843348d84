import { pageMeta } from '../meta';

export { DashboardPage as default } from '../../features/dashboard/DashboardPage';

export const meta = () =>
  pageMeta({
    path: '/dashboard',
    title: 'Dashboard',
    description: 'Your GrowthPath client dashboard: plan, project timeline, results and apps.',
    private: true,
  });
