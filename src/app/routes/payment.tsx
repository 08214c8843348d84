import { pageMeta } from '../meta';

export { PaymentPage as default } from '../../features/payment/PaymentPage';

export const meta = () =>
  pageMeta({
    path: '/payment',
    title: 'Secure Checkout',
    description: 'Activate your GrowthPath plan: one-time setup fee plus your first month.',
    private: true,
  });
