import type { MetaFunction } from 'react-router';
import { pageMeta } from '../meta';

export { SignInPage as default } from '../../features/auth/SignInPage';

export const meta: MetaFunction = ({ location }) => {
  const signUp = new URLSearchParams(location.search).get('view') === 'signup';
  return pageMeta({
    path: '/signin',
    title: signUp ? 'Create Account' : 'Sign In',
    description: signUp
      ? 'Create your GrowthPath account for the plan you chose, then continue to secure checkout.'
      : 'Sign in to your GrowthPath client dashboard to follow your plan, project timeline and results.',
    private: true,
  });
};
