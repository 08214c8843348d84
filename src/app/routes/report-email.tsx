import { pageMeta } from '../meta';

export { ReportEmailPage as default } from '../../features/report-email/ReportEmailPage';

export const meta = () =>
  pageMeta({
    path: '/report/email',
    title: 'Get your growth plan by email',
    description: 'Have your personalised growth plan emailed to you as a PDF.',
    private: true,
  });
