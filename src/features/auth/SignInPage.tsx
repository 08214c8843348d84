import { usePageMeta } from '../../ui/usePageMeta';
import { HoldingPage } from '../../ui/HoldingPage';
import { ButtonLink } from '../../ui/Button';

export function SignInPage() {
  usePageMeta('Sign In', 'Sign in to your GrowthPath client dashboard, or create an account for your plan.');
  return (
    <HoldingPage
      title="Sign in to your account"
      actions={
        <>
          <ButtonLink to="/pricing">View Pricing Plans</ButtonLink>
          <ButtonLink to="/contact" $variant="secondary">
            Contact support
          </ButtonLink>
        </>
      }
    >
      <p>Client accounts open soon. To start a plan today, choose one on our pricing page.</p>
    </HoldingPage>
  );
}
