import { pageMeta } from '../meta';
import { agency, breadcrumbs } from '../structuredData';

export { ContactPage as default } from '../../features/contact/ContactPage';

export const meta = () =>
  pageMeta({
    path: '/contact',
    title: 'Contact Us',
    description:
      'Talk to GrowthPath about growing your business: call, email or WhatsApp us, Mon-Fri 9AM-6PM EST. We reply within 24 hours.',
    structuredData: [agency(), breadcrumbs([['Contact Us', '/contact']])],
  });
