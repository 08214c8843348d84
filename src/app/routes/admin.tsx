import { pageMeta } from '../meta';

export { AdminPage as default } from '../../features/admin/AdminPage';

export const meta = () =>
  pageMeta({
    path: '/admin',
    title: 'Staff inbox',
    description: 'GrowthPath staff inbox.',
    private: true,
  });
