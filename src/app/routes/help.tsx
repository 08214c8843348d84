import { pageMeta } from '../meta';
import { helpFaqs } from '../../content/helpFaqs';
import { breadcrumbs, faqPage } from '../structuredData';

export { HelpPage as default } from '../../features/help/HelpPage';

export const meta = () =>
  pageMeta({
    path: '/help',
    title: 'Help Center',
    description:
      'Answers about GrowthPath growth plans: how the model works, how fast we start, changing plans, expected results and who works on your account.',
    structuredData: [faqPage(helpFaqs), breadcrumbs([['Help Center', '/help']])],
  });
