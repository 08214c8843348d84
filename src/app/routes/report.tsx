import { pageMeta } from '../meta';

export { ReportPage as default } from '../../features/report/ReportPage';

export const meta = () =>
  pageMeta({
    path: '/report',
    title: 'Your Growth Strategy',
    description: 'Your personalised digital growth strategy: recommended plan, investment and projected results.',
    private: true,
  });
